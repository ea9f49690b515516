// The objects the server keeps by the thousand (the index's articles, the kept pages) and those every
// processor reads (events) share their hidden class: built as a spread with fields added
// (`{ ...kept, no, json }`), V8 gave each one a class of its own once it optimized the code making
// them, some 400 bytes beside each object and every read of their fields a megamorphic one
// (docs/rules.md, 'Objects kept by the thousand'). V8 itself is asked, in a child process run with
// `--allow-natives-syntax`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { projectRoot } from '../../events/project-root';

test('the index’s articles, the kept pages and the events read share one hidden class each, however many are made', () => {
  const script = path.join(projectRoot, 'tests/helpers/hidden-classes-child.ts');
  const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', script], { encoding: 'utf8', cwd: projectRoot });
  assert.is(run.status, 0, run.stderr);
  const counted = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { docs: number; pages: number; events: number; sampled: number[] };
  assert.equal(counted.sampled, [100, 3000, 20000], 'every object was made and sampled');
  assert.equal({ docs: counted.docs, pages: counted.pages, events: counted.events }, { docs: 0, pages: 0, events: 0 });
});

test.run();
