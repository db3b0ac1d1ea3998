// Where a CPU profile's time goes, as text:
//   node --import tsx bench/profileSummary.ts <file.cpuprofile>… [top]
// Reads profiles written by `node --cpu-prof` (e.g. the server's, with BENCH_CPU_PROF; CONTRIBUTING.md: one
// file per thread, the main thread's is the largest) and prints for each, as shares of its busy time (idle
// left out): the packages and source folders on the stack (inclusive: a sample counts once for every area
// in its stack), the functions where time is spent (self) and the functions on the stack (inclusive).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { root } from './processes.ts';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** A package (node_modules/<name>), a folder of the repository (apps/server/src/db), or a V8 bucket. */
function areaOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = path.slice(modules + 'node_modules/'.length).split('/');
    return `pkg ${scope?.startsWith('@') ? `${scope}/${name}` : scope}`;
  }
  const inRepo = relative(root, path);
  return inRepo.startsWith('..') ? path : inRepo.split('/').slice(0, -1).join('/') || inRepo;
}

function nameOf(node: ProfileNode): string {
  const { url, functionName, lineNumber } = node.callFrame;
  const where = url ? `${relative(root, url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
}

const add = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);

function summarize(file: string, top: number): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const leaf = byId.get(id);
    if (!leaf) return;
    total += delta;
    if (leaf.callFrame.functionName === '(idle)') {
      idle += delta;
      return;
    }
    add(self, nameOf(leaf), delta);
    const names = new Set<string>();
    const areasOnStack = new Set<string>();
    for (let node: ProfileNode | undefined = leaf; node; node = byId.get(parentOf.get(node.id) ?? -1)) {
      if (node.callFrame.functionName === '(root)') break;
      names.add(nameOf(node));
      areasOnStack.add(areaOf(node));
    }
    for (const name of names) add(inclusive, name, delta);
    for (const area of areasOnStack) add(areas, area, delta);
  });

  const busy = total - idle;
  const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;
  const share = (us: number) => `${((100 * us) / Math.max(busy, 1)).toFixed(1).padStart(5)} %`;
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${share(us)}  ${key}`);
    }
  };
  console.log(`\n== ${file}: ${ms(total)} sampled, ${ms(busy)} busy (${ms(idle)} idle)`);
  print('Areas on the stack (inclusive)', areas);
  print('Functions, self time', self);
  print('Functions on the stack (inclusive)', inclusive);
}

const args = process.argv.slice(2);
const top = /^\d+$/.test(args.at(-1) ?? '') ? Number(args.pop()) : 25;
if (!args.length) {
  console.error('usage: node --import tsx bench/profileSummary.ts <file.cpuprofile>… [top]');
  process.exit(2);
}
for (const file of args) summarize(file, top);
