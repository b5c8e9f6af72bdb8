// What the manifest and the GitHub Action promise about trust: the action runs the CLI of its own
// release, not whatever is latest; settings that reach the network are the user's alone; virtual
// workspaces (no files to read) are declared unsupported.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';

const repo = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));

test("action.yml runs the docsjson version of the package it is released with", () => {
  const action = parse(readFileSync(join(repo, 'action.yml'), 'utf8'));
  assert.equal(String(action.inputs.version.default), manifest.version, 'bump action.yml\'s version default with package.json\'s version');
  assert.match(action.runs.steps.find((step: { run?: string }) => step.run).run, /docsjson@\$DOCSJSON_VERSION/);
});

test('the settings that fetch from the network cannot be set by a workspace', () => {
  const properties = Object.assign({}, ...manifest.contributes.configuration.map((section: { properties: object }) => section.properties));
  for (const name of ['docsjson.openapi.fetchRemote', 'docsjson.openapi.allowedHosts']) {
    assert.ok(['machine', 'application'].includes(properties[name]?.scope), `${name} is machine- or application-scoped, not ${properties[name]?.scope}`);
  }
  assert.ok(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.includes('docsjson.openapi.fetchRemote'));
});

test('virtual workspaces are declared, with the reason', () => {
  assert.equal(manifest.capabilities.virtualWorkspaces.supported, false);
  assert.match(manifest.capabilities.virtualWorkspaces.description, /file system/);
});
