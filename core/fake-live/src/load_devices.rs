//! Fixture loading of mixers, device parameters, devices and rack chains.

use super::catalogue;
use super::fixture::{array, err, object, FixtureError};
use super::load::{CHAIN_KEYS, DEVICE_KEYS, MIXER_PARAMS};
use super::set::FakeLive;
use super::store::Kind;
use barline_core::live::LiveId;
use serde_json::{Map, Value as J};

impl FakeLive {
    pub(super) fn fill_mixer(
        &mut self,
        mixer: LiveId,
        obj: &Map<String, J>,
        at: &str,
    ) -> Result<(), FixtureError> {
        let mut props = Map::new();
        for (k, v) in obj {
            let param = if MIXER_PARAMS.contains(&k.as_str()) {
                Some(self.model.n(mixer).single(k))
            } else {
                None
            };
            match (k.as_str(), param) {
                ("sends", _) => {
                    let sends = self.model.n(mixer).list("sends").to_vec();
                    let vals =
                        v.as_array()
                            .filter(|a| a.len() == sends.len())
                            .ok_or_else(|| {
                                err(
                                    at,
                                    format!(
                                        "\"sends\" must list {} values, one per return track",
                                        sends.len()
                                    ),
                                )
                            })?;
                    for (p, v) in sends.iter().zip(vals) {
                        self.set_param_value(*p, v, at)?;
                    }
                }
                (_, Some(p)) if self.exists(p) => self.set_param_value(p, v, at)?,
                _ => {
                    props.insert(k.clone(), v.clone());
                }
            }
        }
        self.apply(mixer, &props, &[], at)
    }

    fn set_param_value(&mut self, p: LiveId, v: &J, at: &str) -> Result<(), FixtureError> {
        let x = v
            .as_f64()
            .ok_or_else(|| err(at, "parameter values are numbers"))?;
        let n = self.model.n(p);
        if x < n.float("min") || x > n.float("max") {
            return Err(err(
                at,
                format!(
                    "{} = {x} is outside {}…{}",
                    n.str("name"),
                    n.float("min"),
                    n.float("max")
                ),
            ));
        }
        self.edit(p, |n| n.set_float("value", x));
        Ok(())
    }

    pub(super) fn fill_devices(
        &mut self,
        container: LiveId,
        obj: &Map<String, J>,
        at: &str,
    ) -> Result<(), FixtureError> {
        for (i, d) in array(obj, "devices", at)?.iter().enumerate() {
            let at = format!("{at}.devices[{i}]");
            let dobj = object(d, &at)?;
            let name = dobj.get("device").and_then(J::as_str).ok_or_else(|| {
                err(
                    &at,
                    "\"device\" (a catalogue name such as \"Reverb\") is required",
                )
            })?;
            let entry = catalogue::entry(name)
                .or_else(|| catalogue::max_device(name))
                .ok_or_else(|| err(&at, format!("\"{name}\" is not a native device name")))?;
            let dev = self.new_device(container, name, &entry);
            self.push_child(container, "devices", dev, None);
            self.apply(dev, dobj, DEVICE_KEYS, &at)?;
            if let Some(path) = dobj.get("sample") {
                let path = path
                    .as_str()
                    .filter(|_| entry.kind == Kind::Simpler)
                    .ok_or_else(|| err(&at, "\"sample\" is the file path of a Simpler's sample"))?;
                self.load_sample(dev, path);
            }
            if let Some(params) = dobj.get("parameters") {
                let params = object(params, &format!("{at}.parameters"))?;
                for (pname, v) in params {
                    let p = self
                        .model
                        .n(dev)
                        .list("parameters")
                        .iter()
                        .copied()
                        .find(|p| self.model.n(*p).str("name") == pname);
                    let p = p.ok_or_else(|| {
                        err(&at, format!("the device has no parameter \"{pname}\""))
                    })?;
                    self.set_param_value(p, v, &at)?;
                }
            }
            for list in ["chains", "return_chains"] {
                for (k, c) in array(dobj, list, &at)?.iter().enumerate() {
                    let at = format!("{at}.{list}[{k}]");
                    if !matches!(entry.kind, Kind::Rack | Kind::DrumRack) {
                        return Err(err(&at, "only racks have chains"));
                    }
                    let cobj = object(c, &at)?;
                    let chain = self.new_chain(dev, "Chain");
                    self.push_child(dev, list, chain, None);
                    self.apply(chain, cobj, CHAIN_KEYS, &at)?;
                    if let Some(m) = cobj.get("mixer") {
                        let mixer = self.model.n(chain).single("mixer_device");
                        self.fill_mixer(mixer, object(m, &at)?, &at)?;
                    }
                    self.fill_devices(chain, cobj, &at)?;
                }
            }
        }
        Ok(())
    }
}
