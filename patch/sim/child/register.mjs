// Loaded with --import into the simulated node.script process: makes `max-api` resolve
// to the simulator's implementation (node.script injects the module in Max too; the npm
// package of that name is a stub and can never be loaded here), and installs the manual
// clock when the simulator asks for one.
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);
if (process.env.BARLINE_SIM_CLOCK === "manual") await import("./clock.mjs");
