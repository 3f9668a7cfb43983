// Module resolution hook: `max-api` → the simulator's module.
export async function resolve(specifier, context, next) {
  if (specifier === "max-api") return { url: new URL("./max-api.mjs", import.meta.url).href, shortCircuit: true };
  return next(specifier, context);
}
