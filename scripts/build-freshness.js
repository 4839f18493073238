// @ts-check
/**
 * Whether a build's output is current: a SHA-256 of the build's input files (their paths and
 * contents) against the stamp the build wrote beside its output. Contents, not times, so that a
 * checkout or a `git stash` that changes times but not files costs no rebuild, and one that brings
 * back older files still does. Test files are not inputs: no build reads them.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One build, as the freshness check sees it.
 * @typedef {object} BuildSpec
 * @property {string} name what it builds, for messages ("web app")
 * @property {string[]} inputs files and folders it reads, relative to the project root
 * @property {string[]} outputs files it leaves behind, relative to the root; all must exist
 * @property {string} stamp where it records the hash of its inputs, relative to the root; inside
 *   its output folder, so that a build by other means (which empties the folder) clears it
 */

/**
 * Where a build stands.
 * @typedef {{ fresh: true, hash: string } | { fresh: false, hash: string, reason: string }} Freshness
 */

const NOT_INPUTS = /(^|\/)(node_modules|\.git)$|\.test\.tsx?$/;

/**
 * The input files of `inputs` (files, or folders searched recursively), relative to `root`, sorted.
 * @param {string} root
 * @param {readonly string[]} inputs
 * @returns {string[]}
 */
export function listInputFiles(root, inputs) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} relative */
  const visit = (relative) => {
    if (NOT_INPUTS.test(relative)) return;
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return;
    if (!statSync(absolute).isDirectory()) {
      files.push(relative);
      return;
    }
    for (const entry of readdirSync(absolute)) visit(path.posix.join(relative, entry));
  };
  inputs.forEach(visit);
  return [...new Set(files)].sort();
}

/**
 * SHA-256 (hex) of the paths and contents of the input files.
 * @param {string} root
 * @param {readonly string[]} inputs
 */
export function hashInputs(root, inputs) {
  const hash = createHash('sha256');
  for (const file of listInputFiles(root, inputs)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * Whether `spec`'s output is current, and why not when it is not.
 * @param {string} root
 * @param {BuildSpec} spec
 * @returns {Freshness}
 */
export function checkFreshness(root, spec) {
  const hash = hashInputs(root, spec.inputs);
  const missing = spec.outputs.find((file) => !existsSync(path.join(root, file)));
  if (missing) return { fresh: false, hash, reason: `${missing} is missing` };
  const stampFile = path.join(root, spec.stamp);
  if (!existsSync(stampFile)) return { fresh: false, hash, reason: 'it was built by other means' };
  if (readFileSync(stampFile, 'utf8').trim() !== hash)
    return { fresh: false, hash, reason: 'sources changed' };
  return { fresh: true, hash };
}

/**
 * Records that `spec` was built from inputs hashing to `hash` (call it once the build succeeded).
 * @param {string} root
 * @param {BuildSpec} spec
 * @param {string} hash
 */
export function writeStamp(root, spec, hash) {
  writeFileSync(path.join(root, spec.stamp), `${hash}\n`);
}
