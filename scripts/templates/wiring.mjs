// The registrations of a new module: the lines `npm run new:module` adds to the four files that
// wire modules together, each beside the lines of its kind so that a file's order holds.

/** A reason not to generate, said to the developer as it is. */
export class Refusal extends Error {}

export const WIRING = {
  app: 'apps/server/src/modules.ts',
  schema: 'apps/server/src/db/schema.ts',
  router: 'apps/web/src/app/router.tsx',
  shared: 'packages/shared/src/index.ts',
};

/** Adds `line` to the group of lines matching `group`, in the order of the paths they quote. */
function insertSorted(text, line, group, file) {
  const lines = text.split('\n');
  const at = lines.flatMap((l, i) => (group.test(l) ? [i] : []));
  if (at.length === 0) throw new Refusal(`${file}: found no line like ${group} to add "${line}" beside.`);
  const key = (l) => /'([^']+)'/.exec(l)?.[1] ?? l;
  const before = at.find((i) => key(lines[i]) > key(line)) ?? at[at.length - 1] + 1;
  lines.splice(before, 0, line);
  return lines.join('\n');
}

/** Adds `item` as the last element of the array literal that `start` opens. */
function appendToArray(text, start, item, file) {
  const found = start.exec(text);
  if (!found) throw new Refusal(`${file}: found no ${start} to add ${item} to.`);
  const open = found.index + found[0].length;
  const close = text.indexOf(']', open);
  const body = text.slice(open, close).trimEnd();
  const comma = body === '' || body.endsWith(',') ? '' : ',';
  return `${text.slice(0, open)}${body}${comma}\n  ${item},\n${text.slice(close)}`;
}

/** The registrations, as the four wiring files' new texts. */
export function wiringFor(read, n) {
  let app = read(WIRING.app);
  app = insertSorted(
    app,
    `import * as ${n.camel} from './modules/${n.kebab}/index.ts';`,
    /^import \* as \w+ from '\.\/modules\//,
    WIRING.app,
  );
  app = appendToArray(app, /const MODULES\b[^=]*=\s*\[/, n.camel, WIRING.app);
  const schema = insertSorted(
    read(WIRING.schema),
    `export * from '../modules/${n.kebab}/${n.kebab}.tables.ts';`,
    /^export \* from '\.\.\/modules\//,
    WIRING.schema,
  );
  let router = insertSorted(
    read(WIRING.router),
    `import { ${n.camel}Feature } from '../features/${n.kebab}';`,
    /^import \{ \w+ \} from '\.\.\/features\//,
    WIRING.router,
  );
  router = appendToArray(router, /const FEATURES\b[^=]*=\s*\[/, `${n.camel}Feature`, WIRING.router);
  const shared = insertSorted(
    read(WIRING.shared),
    `export * from './contracts/${n.kebab}.ts';`,
    /^export \* from '\.\/contracts\//,
    WIRING.shared,
  );
  return { [WIRING.app]: app, [WIRING.schema]: schema, [WIRING.router]: router, [WIRING.shared]: shared };
}
