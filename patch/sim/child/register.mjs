// Loaded with --import into the simulated node.script process: makes `max-api` resolve
// to the simulator's implementation (node.script injects the module in Max too; the npm
// package of that name is a stub and can never be loaded here).
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);
