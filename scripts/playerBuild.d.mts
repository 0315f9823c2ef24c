import type { BuildOptions, Plugin } from 'esbuild';

/** esbuild's options for a player bundle of `entry`: minified, production, preact/compat unless `withReact`. */
export function playerBuildOptions(options: { entry: string; withReact?: boolean }): BuildOptions;
/** Resolves `coursekit:styles` to the given CSS text (the embed inlines it into its shadow roots). */
export function stylesModule(css: string): Plugin;
/** The widgets' CSS as the bundle of `options` uses it. */
export function compileWidgetCss(options: BuildOptions, outdir: string): Promise<string>;
/** Writes the bundle: the widgets' CSS left out, `coursekit:styles` resolved to `css`. */
export function buildPlayer(
  options: BuildOptions,
  target: { format: 'esm' | 'iife'; outfile: string; css?: string; define?: Record<string, string> },
): Promise<void>;
