import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A local S3-compatible server (s3rver, from the npm registry, in this process) with one
 * bucket, on a free loopback port, storing in a temporary directory.
 */
export async function startS3Server(bucket = "atrium-test") {
  const directory = mkdtempSync(path.join(tmpdir(), "atrium-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver accepts these fixed test credentials
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
