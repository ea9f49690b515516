// Module resolve hook for no-dev-dependencies.mjs: refuses devDependencies imported from outside node_modules.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const devOnly = new Set(Object.keys(manifest.devDependencies ?? {}));
const packageOf = (specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);

export async function resolve(specifier, context, nextResolve) {
  const fromProject = context.parentURL?.startsWith('file:') && !context.parentURL.includes('/node_modules/');
  if (fromProject && devOnly.has(packageOf(specifier))) {
    throw new Error(`devDependency "${specifier}" imported by ${context.parentURL}: not installed in production`);
  }
  return nextResolve(specifier, context);
}
