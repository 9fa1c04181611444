// Loads Chrome Trace Event JSON files with real third-party readers and reports what a user of
// them would see go wrong (tests/tst_tracereaders runs it on every lesson's exported trace):
//   - Perfetto's documented import rules: every event but metadata has a numeric ts, and none is
//     negative (Perfetto drops those); a complete event has a dur of 0 or more;
//   - @tracerbench/trace-model (buildModel): it must not throw, must keep every event, and its
//     complete events — ends computed as ts + dur, as it computes them — must nest or not touch
//     within a thread;
//   - speedscope's importer of trace events, taken from its release bundle (the npm package ships
//     the app only): it must warn of nothing ("Tried to end … when … was on the top of the stack"
//     is an overlap that is not nesting), must make one call of every complete event that lasts
//     (it makes none of one whose dur is 0), and must nest no deeper than the events do.
// Usage: node check-traces.mjs FILE... — prints one line per file, and each problem; exit status 1
// when any file has one.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { buildModel } = require('@tracerbench/trace-model');

// speedscope's trace-event importer: the release bundle, run without its user interface, with the
// two functions its "Importing as Trace Event Format profile" step calls handed out.
function loadSpeedscope() {
  const folder = path.join(path.dirname(require.resolve('speedscope/package.json')), 'dist', 'release');
  const bundle = fs.readdirSync(folder).find((name) => /^speedscope-.*\.js$/.test(name));
  let source = fs.readFileSync(path.join(folder, bundle), 'utf8');
  const step = /if\((\w+)\((\w+)\)\)return console\.log\("Importing as Trace Event Format profile"\),(\w+)\(\2\)/.exec(source);
  const mount = source.lastIndexOf('console.log(`speedscope v');
  const end = source.lastIndexOf('})();');
  if (!step || mount < 0 || end < mount)
    throw new Error(`speedscope's bundle ${bundle} has not the shape this script knows`);
  source = source.slice(0, mount) + `globalThis.__importer={isTraceEvents:${step[1]},importTraceEvents:${step[3]}};` +
           source.slice(end);
  const warnings = [];
  const inert = () => new Proxy(function () {}, {
    get: (target, key) => (key === Symbol.toPrimitive ? () => '' : inert()),
    apply: () => inert(),
    construct: () => inert(),
  });
  const context = {
    console: { log() {}, info() {}, warn: (...a) => warnings.push(a.join(' ')), error: (...a) => warnings.push(a.join(' ')) },
    window: inert(), document: inert(), navigator: inert(), location: inert(),
    setTimeout, clearTimeout, TextDecoder, TextEncoder, URL,
  };
  context.globalThis = context;
  context.self = context;
  vm.createContext(context);
  vm.runInContext(source, context);
  return { ...context.__importer, warnings, version: bundle };
}

function byThread(events) {
  const threads = new Map();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (!threads.has(key)) threads.set(key, []);
    threads.get(key).push(event);
  }
  return threads;
}

// Spans that must nest or not touch: [{start, end, name}] of one thread. Returns the deepest
// nesting, and a problem for every pair that overlaps without nesting.
function nesting(spans, where, problems) {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const open = [];
  let deepest = 0;
  for (const span of sorted) {
    while (open.length && open[open.length - 1].end <= span.start) open.pop();
    const parent = open[open.length - 1];
    if (parent && span.end > parent.end) {
      problems.push(`${where}: "${span.name}" at ${span.start} ends at ${span.end}, after "${parent.name}" ` +
                    `(${parent.start}–${parent.end}) that it starts in: an overlap that is not nesting`);
      continue;
    }
    open.push(span);
    deepest = Math.max(deepest, open.length);
  }
  return deepest;
}

function checkPerfettoRules(trace, problems) {
  for (const [i, event] of trace.traceEvents.entries()) {
    if (event.ph === 'M') continue;
    if (typeof event.ts !== 'number' || !Number.isFinite(event.ts)) problems.push(`event ${i} ("${event.name}"): no numeric ts`);
    else if (event.ts < 0) problems.push(`event ${i} ("${event.name}"): ts ${event.ts} < 0, which Perfetto drops`);
    if (event.ph === 'X' && !(event.dur >= 0)) problems.push(`event ${i} ("${event.name}"): dur ${event.dur}`);
  }
}

// The deepest nesting of complete events on any thread, by trace-model's own start and end.
function checkTraceModel(trace, problems) {
  let model;
  try {
    model = buildModel(trace);
  } catch (error) {
    problems.push(`@tracerbench/trace-model threw: ${error.message}`);
    return 0;
  }
  if (model.events.length !== trace.traceEvents.length)
    problems.push(`@tracerbench/trace-model kept ${model.events.length} of ${trace.traceEvents.length} events`);
  let deepest = 0;
  const complete = model.events.filter((e) => e.ph === 'X');
  for (const [key, events] of byThread(complete)) {
    const spans = events.map((e) => ({ start: e.start, end: e.end, name: e.name }));
    deepest = Math.max(deepest, nesting(spans, `trace-model thread ${key}`, problems));
  }
  return deepest;
}

function checkSpeedscope(trace, speedscope, deepest, problems) {
  speedscope.warnings.length = 0;
  if (!speedscope.isTraceEvents(trace)) {
    problems.push('speedscope does not take it for a trace in the Trace Event Format');
    return;
  }
  let group;
  try {
    group = speedscope.importTraceEvents(trace);
  } catch (error) {
    problems.push(`speedscope's importer threw: ${error.message}`);
    return;
  }
  for (const warning of speedscope.warnings) problems.push(`speedscope: ${warning}`);
  let calls = 0;
  let depth = 0;
  let maxDepth = 0;
  for (const profile of group.profiles) {
    profile.forEachCall(() => { ++calls; maxDepth = Math.max(maxDepth, ++depth); }, () => { --depth; });
  }
  // speedscope makes no call of a complete event that lasts no time (a run's 95% interval is that
  // wide when its middle samples read the same clock value): nothing a user would see is lost.
  const complete = trace.traceEvents.filter((e) => e.ph === 'X' && e.dur > 0).length;
  if (calls !== complete) problems.push(`speedscope made ${calls} calls of ${complete} complete events that last`);
  if (maxDepth > deepest) problems.push(`speedscope nests ${maxDepth} deep where the events nest ${deepest} deep`);
}

const speedscope = loadSpeedscope();
let failed = false;
for (const file of process.argv.slice(2)) {
  const problems = [];
  let trace;
  try {
    trace = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`not JSON: ${error.message}`);
  }
  let deepest = 0;
  if (trace) {
    checkPerfettoRules(trace, problems);
    for (const [key, events] of byThread(trace.traceEvents.filter((e) => e.ph === 'X'))) {
      const spans = events.map((e) => ({ start: e.ts, end: e.ts + e.dur, name: e.name }));
      deepest = Math.max(deepest, nesting(spans, `thread ${key}`, problems));
    }
    deepest = Math.max(deepest, checkTraceModel(trace, problems));
    checkSpeedscope(trace, speedscope, deepest, problems);
  }
  const events = trace ? trace.traceEvents.length : 0;
  console.log(`${file}: ${events} events, nesting ${deepest} deep: ${problems.length} problems (${speedscope.version})`);
  for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
  if (problems.length > 20) console.log(`  … and ${problems.length - 20} more`);
  failed = failed || problems.length > 0;
}
process.exit(failed ? 1 : 0);
