// A loaded patcher: boxes instantiated as simulated objects, patchlines validated against
// inlet/outlet counts, depth-first delivery with seeded shuffling of fan-out
// (docs/design/max-host.md §5.1, §6.1).
import { createObject } from "./objects.mjs";
import { shuffle } from "./limits.mjs";

export function loadPatcher(json, { special, accounting, random, instancePrefix }) {
  const patcher = json.patcher;
  if (!patcher || !Array.isArray(patcher.boxes) || !Array.isArray(patcher.lines)) {
    throw new Error("patch: not a patcher (expected {patcher: {boxes, lines}})");
  }
  const objects = new Map(); // id -> { box, object }
  const wires = new Map(); // id -> outlet -> [{ id, inlet }]
  const receivers = new Map(); // name -> [fn]

  function send(fromId, outlet, atoms) {
    accounting.check(`${fromId} outlet ${outlet}`, atoms);
    const targets = wires.get(fromId)?.[outlet] ?? [];
    const ordered = targets.length > 1 ? shuffle(targets, random) : targets;
    for (const t of ordered) objects.get(t.id).object.receive(t.inlet, atoms);
  }

  for (const { box } of patcher.boxes) {
    if (objects.has(box.id)) throw new Error(`patch: duplicate box id ${box.id}`);
    const ctx = {
      send: (outlet, atoms) => send(box.id, outlet, atoms),
      localName: (name) => String(name).startsWith("---") ? `${instancePrefix}${String(name).slice(3)}` : String(name),
      broadcast: (name, atoms) => { for (const fn of shuffle(receivers.get(name) ?? [], random)) fn(atoms); },
      listen: (name, fn) => receivers.set(name, [...(receivers.get(name) ?? []), fn]),
    };
    const object = createObject(box, ctx, special);
    if ((box.numinlets ?? 0) !== object.numinlets || (box.numoutlets ?? 0) !== object.numoutlets) {
      throw new Error(`patch: ${box.id} (${box.text ?? box.maxclass}) is saved with ${box.numinlets} inlets/${box.numoutlets} outlets but has ${object.numinlets}/${object.numoutlets}`);
    }
    objects.set(box.id, { box, object });
    wires.set(box.id, Array.from({ length: object.numoutlets }, () => []));
  }
  for (const { patchline } of patcher.lines) {
    const [src, out] = patchline.source;
    const [dst, inl] = patchline.destination;
    const s = objects.get(src);
    const d = objects.get(dst);
    if (!s || !d) throw new Error(`patch: line ${src}:${out} → ${dst}:${inl} names a missing box`);
    if (out >= s.object.numoutlets) throw new Error(`patch: ${src} has no outlet ${out}`);
    if (inl >= d.object.numinlets) throw new Error(`patch: ${dst} has no inlet ${inl}`);
    wires.get(src)[out].push({ id: dst, inlet: inl });
  }

  // Objects that restore saved state at load (pattr's autorestore) output it now that
  // every patch cord exists.
  for (const { object } of objects.values()) object.restore?.();

  return {
    objects,
    send,
    /** Tests hear what the patch sends to a receive name (e.g. `max`). */
    listen: (name, fn) => receivers.set(name, [...(receivers.get(name) ?? []), fn]),
    byVarname(name) {
      for (const { box, object } of objects.values()) if (box.varname === name) return object;
      throw new Error(`patch: no box named ${name}`);
    },
    byClass(cls) {
      return [...objects.values()].filter(({ box }) => (box.text ?? "").split(/\s+/)[0] === cls || box.maxclass === cls).map((o) => o.object);
    },
  };
}
