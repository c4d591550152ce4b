// The build's scripts and stylesheets sent as vite.config.ts compressed them, from memory. Ours rather than a package
// such as express-static-gzip: measured faster (docs/decisions/045-precompressed-assets-ours.md, `npx tsx bench/assets.ts`).
import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

/** The encodings a request's Accept-Encoding allows (q > 0), lower-cased. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) <= 0)) accepted.add(name);
  }
  return accepted;
}

type Precompressed = { type: string; br: Buffer | null; gzip: Buffer | null };

/**
 * The build's scripts and stylesheets as vite.config.ts compressed them (brotli 11, gzip 9), held in memory and sent as
 * they are: smaller than gzip at level 4 and no compression work per visitor. Other files go on to express.static.
 */
export function precompressedAssets(assetsDir: string) {
  const files = new Map<string, Precompressed>();
  for (const name of fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : []) {
    if (!/\.(js|css)$/.test(name)) continue;
    const variant = (ext: string) =>
      fs.existsSync(path.join(assetsDir, name + ext)) ? fs.readFileSync(path.join(assetsDir, name + ext)) : null;
    const type = name.endsWith(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8";
    files.set(`/${name}`, { type, br: variant(".br"), gzip: variant(".gz") });
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const file = files.get(req.path);
    if (!file || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const accepted = acceptedEncodings(req.get("Accept-Encoding"));
    const encoding = file.br && accepted.has("br") ? "br" : file.gzip && accepted.has("gzip") ? "gzip" : null;
    const body = encoding ? file[encoding] : null;
    if (!encoding || !body) return next();
    res.setHeader("Content-Type", file.type);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.end(req.method === "HEAD" ? undefined : body);
  };
}
