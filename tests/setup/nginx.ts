// nginx in front of the app, configured with README.md's nginx block as written there, for the tests and `npm run
// bench:edge`. The binary is NGINX_BIN, the system's /usr/sbin/nginx, or Debian's package fetched with `apt-get
// download` and unpacked into a cache folder (not installed as a service), much as scripts/ensure-chromium.mjs installs
// Chromium for the browser tests. Loopback only.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./e2e-global";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The nginx binary, fetched when there is none; throws when it cannot be had. */
export function findNginx(): string {
  for (const candidate of [process.env.NGINX_BIN, "/usr/sbin/nginx"]) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  const cache = path.join(os.tmpdir(), "tm-bench-nginx");
  const unpacked = path.join(cache, "root/usr/sbin/nginx");
  if (fs.existsSync(unpacked)) return unpacked;
  fs.mkdirSync(cache, { recursive: true });
  const apt = (...args: string[]) =>
    spawnSync("apt-get", args, {
      cwd: cache,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;
  console.log("nginx is missing: fetching Debian's nginx package with apt-get download (not installed as a service).");
  if (!apt("download", "nginx") && !(apt("update") && apt("download", "nginx"))) {
    throw new Error("Could not fetch nginx with apt-get; install it (apt-get install nginx) or set NGINX_BIN.");
  }
  for (const deb of fs.readdirSync(cache).filter((f) => f.endsWith(".deb"))) {
    spawnSync("dpkg-deb", ["-x", path.join(cache, deb), path.join(cache, "root")], { stdio: "inherit" });
  }
  if (!fs.existsSync(unpacked)) throw new Error(`nginx was fetched but ${unpacked} is missing`);
  return unpacked;
}

/**
 * README.md's nginx server block, as written there, with only what a loopback run must change: a loopback port instead
 * of 443 (no TLS; reuseport spreads the streams over the workers), the app's port, and a cache folder of our own.
 */
export function readmeServerBlock(port: number, appPort: number, cacheDir: string): string {
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  const block = /```nginx\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error("README.md has no nginx block");
  const server = block
    .replace("listen 443 ssl;", `listen 127.0.0.1:${port} reuseport;`)
    .replaceAll("http://127.0.0.1:3000", `http://127.0.0.1:${appPort}`)
    .replace("/var/cache/nginx/tm", cacheDir);
  if (server === block || server.includes(":3000")) throw new Error("README.md's nginx block changed shape");
  return server;
}

export type Nginx = { base: string; prefix: string; stop: () => Promise<void> };

/**
 * Starts nginx with README.md's block in front of the app at `appPort`: `workers` processes of `fileLimit` open files
 * each, its access log (`$uri $status $upstream_cache_status $upstream_addr`) at `{prefix}/access.log`.
 */
export async function startNginx(
  appPort: number,
  {
    workers = 1,
    fileLimit = 4_096,
    binary = findNginx(),
  }: { workers?: number; fileLimit?: number; binary?: string } = {},
): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "tm-nginx-"));
  const port = await freePort();
  // Run as root, nginx's workers drop to an unprivileged user: they must reach the cache and temp folders.
  fs.chmodSync(prefix, 0o755);
  const temps = {
    client_body_temp_path: "client_temp",
    proxy_temp_path: "proxy_temp",
    fastcgi_temp_path: "fastcgi_temp",
    uwsgi_temp_path: "uwsgi_temp",
    scgi_temp_path: "scgi_temp",
  };
  for (const dir of ["cache", ...Object.values(temps)]) {
    fs.mkdirSync(path.join(prefix, dir), { mode: 0o777 });
    fs.chmodSync(path.join(prefix, dir), 0o777);
  }
  const config = `daemon off;
worker_processes ${workers};
worker_rlimit_nofile ${fileLimit};
error_log stderr warn;
pid ${prefix}/nginx.pid;
events { worker_connections ${Math.max(512, fileLimit - 1_000)}; }
http {
${Object.entries(temps)
  .map(([directive, dir]) => `  ${directive} ${prefix}/${dir};`)
  .join("\n")}
  log_format edge '$uri $status $upstream_cache_status $upstream_addr';
  access_log ${prefix}/access.log edge;
${readmeServerBlock(port, appPort, path.join(prefix, "cache"))}
}
`;
  fs.writeFileSync(path.join(prefix, "nginx.conf"), config);
  const nginx = spawn(binary, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", "stderr"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const onExit = () => nginx.exitCode === null && nginx.kill("SIGTERM");
  process.once("exit", onExit);
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    process.off("exit", onExit);
    if (nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  const answers = () =>
    fetch(`${base}/api/openapi.json`).then(
      (r) => r.ok,
      () => false,
    );
  const deadline = Date.now() + 15_000;
  while (!(await answers())) {
    if (nginx.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(
        nginx.exitCode !== null ? `nginx exited (${nginx.exitCode})` : "nginx did not answer within 15 s",
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, prefix, stop };
}
