// Issue 12's scenario, as a user's session through the simulated device with the
// official MCP client: list the device catalogue; create a MIDI track; insert an
// instrument and two audio effects; set three parameters by display value (Hz, dB, an
// enum label) and read them back; write one out of range (clamped, with a warning); wrap
// the effects in a rack and read its chains; load a drum rack and read its pads;
// duplicate a device; delete one. The final Set must be the starting Set plus exactly
// what the session made.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertSameSet, scenario } from "./support/scenario.mjs";

// docs/design/tool-rules.md §15: the catalogue, exact and case-sensitive.
const CATALOGUE = {
  instruments: ["Analog", "Collision", "Drift", "Drum Rack", "DrumSampler", "Electric", "External Instrument", "Impulse",
    "Instrument Rack", "Meld", "Operator", "Sampler", "Simpler", "Tension", "Wavetable"],
  midiEffects: ["Arpeggiator", "CC Control", "Chord", "MIDI Effect Rack", "Note Length", "Pitch", "Random", "Scale", "Velocity"],
  audioEffects: ["Amp", "Audio Effect Rack", "Auto Filter", "Auto Pan-Tremolo", "Auto Shift", "Beat Repeat", "Cabinet",
    "Channel EQ", "Chorus-Ensemble", "Compressor", "Corpus", "Delay", "Drum Buss", "Dynamic Tube", "Echo", "EQ Eight",
    "EQ Three", "Erosion", "External Audio Effect", "Filter Delay", "Gate", "Glue Compressor", "Grain Delay",
    "Hybrid Reverb", "Limiter", "Looper", "Multiband Dynamics", "Overdrive", "Pedal", "Phaser-Flanger", "Redux",
    "Resonators", "Reverb", "Roar", "Saturator", "Shifter", "Spectral Resonator", "Spectral Time", "Spectrum", "Tuner",
    "Utility", "Vinyl Distortion", "Vocoder"],
};

// The demo Set has 7 regular tracks, so the new ones are t7 and t8. The fake's devices
// (core/fake-live/src/catalogue.rs): Auto Filter has Frequency (20 Hz…20 kHz, shown in
// Hz/kHz) and Filter Type (Lowpass, Highpass, Bandpass, Notch, Morph); Utility has Gain
// (−35…35 dB). Their labels at min and max equal the raw bounds, so a display value is
// written as that number (docs/design/tool-rules.md §16).
const SYNTH = 7;
const BEAT = 8;

const NEEDS = [
  "barline-create-track", "barline-read-device", "barline-create-device", "barline-update-device",
  "barline-delete", "barline-duplicate",
];

const param = (device, name) => device.parameters.find((p) => p.name === name);

test("issue 12 scenario: instrument, effects by display value, a rack, a drum rack, duplicate and delete", async (t) => {
  await scenario(t, { needs: NEEDS }, async (s, step) => {
    const ids = {};

    await step("list the device catalogue", async () => {
      const { data } = await s.call("barline-create-device", {});
      for (const [kind, names] of Object.entries(CATALOGUE)) {
        assert.deepEqual([...data[kind]].sort(), [...names].sort(), kind);
      }
    });

    await step("create a synth track and a drum track", async () => {
      const { items } = await s.call("barline-create-track", { count: 2, name: "Synth,Beat", color: "#FF3636,#10A4EE" });
      assert.deepEqual(items.map((i) => i.trackIndex), [SYNTH, BEAT]);
    });

    await step("insert an instrument and two audio effects", async () => {
      for (const [key, deviceName, deviceIndex] of [["drift", "Drift", 0], ["filter", "Auto Filter", 1], ["utility", "Utility", 2]]) {
        const { data } = await s.call("barline-create-device", { deviceName, path: `t${SYNTH}` });
        assert.equal(data.deviceIndex, deviceIndex, deviceName);
        ids[key] = data.id;
      }
    });

    await step("set three parameters by display value and read them back", async () => {
      await s.call("barline-update-device", { ids: ids.filter, params: "Filter Type=highpass\nFrequency=80 // cut the lows" });
      await s.call("barline-update-device", { path: `t${SYNTH}/d2`, params: "Gain=6" });
      const filter = (await s.call("barline-read-device", { deviceId: ids.filter, include: ["param-values"] })).data;
      assert.equal(filter.path, `t${SYNTH}/d1`);
      const type = param(filter, "Filter Type");
      assert.equal(type.value, "Highpass");
      assert.deepEqual(type.options, ["Lowpass", "Highpass", "Bandpass", "Notch", "Morph"]);
      const freq = param(filter, "Frequency");
      assert.deepEqual([freq.value, freq.min, freq.max, freq.unit], [80, 20, 20000, "Hz"]);
      const utility = (await s.call("barline-read-device", { path: `t${SYNTH}/d2`, include: ["param-values"], paramSearch: "gain" })).data;
      assert.deepEqual(utility.parameters.map((p) => [p.name, p.value, p.unit]), [["Gain", 6, "dB"]]);
    });

    await step("a value out of range is clamped, with a warning", async () => {
      await s.call("barline-update-device", { ids: ids.utility, params: "Gain=50" }, { warnings: [/Gain.*35|35.*Gain/] });
      const { data } = await s.call("barline-read-device", { deviceId: ids.utility, include: ["param-values"], paramSearch: "Gain" });
      assert.equal(param(data, "Gain").value, 35);
    });

    await step("wrap the effects in a rack and read its chains", async () => {
      const { data } = await s.call("barline-update-device", { ids: `${ids.filter},${ids.utility}`, wrapInRack: true, name: "FX" });
      assert.deepEqual([data.type, data.deviceCount], ["audio-effect-rack", 2]);
      ids.rack = data.id;
      const rack = (await s.call("barline-read-device", { path: `t${SYNTH}/d1`, include: ["chains"], maxDepth: 1 })).data;
      assert.deepEqual([rack.id, rack.type, rack.name], [ids.rack, "audio-effect-rack", "FX"]);
      assert.deepEqual(rack.chains.map((c) => [c.path, c.devices.map((d) => [d.id, d.path])]), [
        [`t${SYNTH}/d1/c0`, [[ids.filter, `t${SYNTH}/d1/c0/d0`]]],
        [`t${SYNTH}/d1/c1`, [[ids.utility, `t${SYNTH}/d1/c1/d0`]]],
      ]);
      const chain = (await s.call("barline-read-device", { path: `t${SYNTH}/d1/c1` })).data;
      assert.equal(chain.type, "Chain");
      assert.deepEqual(chain.devices.map((d) => d.id), [ids.utility]);
    });

    await step("load a drum rack, put a Simpler on its C1 pad and read the pads", async () => {
      const rack = await s.call("barline-create-device", { deviceName: "Drum Rack", path: `t${BEAT}` });
      assert.equal(rack.data.deviceIndex, 0);
      ids.drums = rack.data.id;
      const simpler = await s.call("barline-create-device", { deviceName: "Simpler", path: `t${BEAT}/d0/pC1` });
      assert.equal(simpler.data.deviceIndex, 0);
      const { data } = await s.call("barline-read-device", { deviceId: ids.drums, include: ["drum-pads"] });
      assert.equal(data.type, "drum-rack");
      const c1 = data.drumPads.find((p) => p.note === 36);
      assert.ok(c1, JSON.stringify(data.drumPads));
      assert.equal(c1.pitch, "C1");
      assert.notEqual(c1.hasInstrument, false, "the C1 pad holds the Simpler");
      const pad = (await s.call("barline-read-device", { path: `t${BEAT}/d0/pC1` })).data;
      assert.deepEqual([pad.path, pad.note, pad.pitch], [`t${BEAT}/d0/pC1`, 36, "C1"]);
    });

    await step("duplicate the effect rack onto the drum track", async () => {
      const { data } = await s.call("barline-duplicate", { type: "device", id: ids.rack, toPath: `t${BEAT}` });
      assert.notEqual(data.id, ids.rack);
      ids.rackCopy = data.id;
      const copy = (await s.call("barline-read-device", { path: `t${BEAT}/d1`, include: ["chains"], maxDepth: 1 })).data;
      assert.deepEqual([copy.id, copy.type, copy.name, copy.chains.length], [ids.rackCopy, "audio-effect-rack", "FX", 2]);
    });

    await step("delete the Utility inside the copy by path", async () => {
      const { data } = await s.call("barline-delete", { type: "device", path: `t${BEAT}/d1/c1/d0` });
      assert.deepEqual([data.type, data.deleted], ["device", true]);
      assert.notEqual(data.id, ids.utility, "the original Utility stays");
      const copy = (await s.call("barline-read-device", { path: `t${BEAT}/d1`, include: ["chains"], maxDepth: 1 })).data;
      assert.deepEqual(copy.chains.map((c) => c.devices.length), [1, 0]);
    });

    await step("the Set is the starting Set plus exactly what the session made", () => {
      const expected = structuredClone(s.start);
      // An FX rack as the dump writes it: chains at their defaults list only devices,
      // a chain without devices is `{}`; parameters only where they differ.
      const fx = (withUtility) => ({
        device: "Audio Effect Rack", name: "FX", chains: [
          { devices: [{ device: "Auto Filter", parameters: { "Filter Type": 1, Frequency: 80 } }] },
          withUtility ? { devices: [{ device: "Utility", parameters: { Gain: 35 } }] } : {},
        ],
      });
      expected.tracks.push(
        { kind: "midi", name: "Synth", color_index: 14, devices: [{ device: "Drift" }, fx(true)] },
        { kind: "midi", name: "Beat", color_index: 22, devices: [
          { device: "Drum Rack", chains: [{ in_note: 36, devices: [{ device: "Simpler" }] }] },
          fx(false),
        ] },
      );
      assertSameSet(s.dump(), expected);
    });
  });
});
