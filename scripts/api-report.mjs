// The public API of each published package, written to <package>/api/<name>.api.md: every name each
// entry point (package.json "exports", source condition) exports, with its declared type. The files
// are checked in, so a change to a public name or signature shows in review.
//   node scripts/api-report.mjs          writes the reports (npm run api:report)
//   node scripts/api-report.mjs --check  fails when a report differs from what is checked in
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['core', 'react', 'mocks', 'embed', 'lms'];
const check = process.argv.includes('--check');

/** Each package's entry points that have TypeScript source: [subpath, file]. */
function entries(dir) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const out = [];
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    const source = typeof target === 'object' ? target.source : undefined;
    if (source?.endsWith('.ts') || source?.endsWith('.tsx')) out.push([subpath, path.join(dir, source)]);
  }
  return { name: pkg.name, out };
}

const packages = PACKAGES.map((p) => {
  const dir = path.join(ROOT, 'packages', p);
  return { dir, ...entries(dir) };
});

const configFile = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
const config = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
const program = ts.createProgram({
  rootNames: packages.flatMap((p) => p.out.map(([, file]) => file)),
  options: { ...config.options, noEmit: true, types: ['node'] },
});
const checker = program.getTypeChecker();
const FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType |
  ts.TypeFormatFlags.WriteArrowStyleSignature;

const oneLine = (text) => text.replace(/\s+/g, ' ').trim();

/** A declaration's own text, without its comments or bodies: what a type or an interface says. */
function declarationText(node) {
  const printer = ts.createPrinter({ removeComments: true });
  return oneLine(printer.printNode(ts.EmitHint.Unspecified, node, node.getSourceFile()));
}

/** One line per exported name: its kind and declared type. */
function describe(name, exported) {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const lines = [];
  const decls = symbol.declarations ?? [];
  const typeOnly = decls.every(
    (d) => ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d) || ts.isEnumDeclaration(d),
  );
  if (typeOnly && decls.length > 0) {
    for (const d of decls) lines.push(declarationText(d).replace(/^export (declare )?/, ''));
    return lines;
  }
  const type = checker.getTypeOfSymbol(symbol);
  if (symbol.flags & ts.SymbolFlags.Class) {
    const instance = checker.getDeclaredTypeOfSymbol(symbol);
    const members = checker
      .getPropertiesOfType(instance)
      .filter(
        (m) =>
          !(
            ts.getDeclarationModifierFlagsFromSymbol(m) &
            (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)
          ),
      )
      .map((m) => `${m.name}: ${checker.typeToString(checker.getTypeOfSymbol(m), undefined, FLAGS)}`);
    const ctors = type
      .getConstructSignatures()
      .map((s) => `new ${checker.signatureToString(s, undefined, FLAGS)}`);
    return [`class ${name} { ${[...ctors, ...members].join('; ')} }`];
  }
  if (symbol.flags & ts.SymbolFlags.Function) {
    for (const s of type.getCallSignatures())
      lines.push(`function ${name}${checker.signatureToString(s, undefined, FLAGS)}`);
  } else if (symbol.flags & ts.SymbolFlags.Variable) {
    lines.push(`const ${name}: ${checker.typeToString(type, undefined, FLAGS)}`);
  }
  // A name that is also a type (a zod schema's inferred type of the same name, say).
  for (const d of decls) {
    if (ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d))
      lines.push(declarationText(d).replace(/^export (declare )?/, ''));
  }
  if (lines.length === 0) lines.push(`${name}: ${checker.typeToString(type, undefined, FLAGS)}`);
  return lines;
}

let stale = 0;
let written = 0;
for (const pkg of packages) {
  const parts = [`# ${pkg.name}: public API`, '', 'Written by `npm run api:report`; do not edit.', ''];
  for (const [subpath, file] of pkg.out) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`api-report: no module at ${file}`);
    const exported = checker.getExportsOfModule(moduleSymbol).sort((a, b) => a.name.localeCompare(b.name));
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    parts.push(`## ${specifier} (${exported.length} names)`, '', '```ts');
    for (const symbol of exported) parts.push(...describe(symbol.name, symbol));
    parts.push('```', '');
  }
  const report = `${parts.join('\n')}`;
  const short = pkg.name.split('/').pop();
  const target = path.join(pkg.dir, 'api', `${short}.api.md`);
  let current = null;
  try {
    current = readFileSync(target, 'utf8');
  } catch {}
  if (current === report) continue;
  if (check) {
    stale++;
    process.stderr.write(
      `api-report: ${path.relative(ROOT, target)} differs from the public API of ${pkg.name}\n`,
    );
  } else {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, report);
    written++;
    process.stdout.write(`api-report: wrote ${path.relative(ROOT, target)}\n`);
  }
}
if (stale > 0) {
  process.stderr.write(
    'api-report: the public API changed. If the change is meant, run `npm run api:report` and commit the reports.\n',
  );
  process.exit(1);
}
if (check) process.stdout.write(`api-report: ${packages.length} reports match the public API\n`);
else if (written === 0) process.stdout.write('api-report: the reports were up to date\n');
