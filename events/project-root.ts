// The project's directory, the one holding package.json. The files the server reads while it runs (SQL
// migrations, the built pages) are found from it, whether it runs from its sources (tsx) or from its
// bundle in dist/node, where every module shares the bundle's own address.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function directoryWithPackageJson(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No se encontró package.json por encima de ${from}`);
  }
}

export const projectRoot = directoryWithPackageJson(path.dirname(fileURLToPath(import.meta.url)));
