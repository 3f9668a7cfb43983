// Max's Dict (docs/design/max-host.md §1.11): a global named registry shared by simulated
// objects.

export function createDictClass(registry) {
  let anonymous = 0;
  return class Dict {
    constructor(name) {
      this.name = name ?? `u${String(++anonymous).padStart(9, "0")}`;
      if (!registry.has(this.name)) registry.set(this.name, {});
      this.quiet = 0;
    }
    get _data() { return registry.get(this.name); }
    get(key) { return key.split("::").reduce((o, k) => (o == null ? undefined : o[k]), this._data); }
    set(key, ...values) {
      const path = key.split("::");
      let o = this._data;
      for (const k of path.slice(0, -1)) o = o[k] ??= {};
      o[path.at(-1)] = values.length === 1 ? values[0] : values;
    }
    replace(key, ...values) { this.set(key, ...values); }
    getkeys() { return Object.keys(this._data); }
    contains(key) { return this.get(key) === undefined ? 0 : 1; }
    remove(key) { delete this._data[key]; }
    clear() { registry.set(this.name, {}); }
    parse(json) { registry.set(this.name, JSON.parse(json)); }
    stringify() { return JSON.stringify(this._data); }
    setparse(key, json) { this.set(key, JSON.parse(json)); }
    freepeer() {}
  };
}
