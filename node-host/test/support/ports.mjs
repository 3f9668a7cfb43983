// Loopback ports for tests that start a process on a port of their choosing.
import net from "node:net";

/** A loopback port that nothing listens on (bound, then released). */
export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
