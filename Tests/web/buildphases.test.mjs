import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeBuild, phaseLabel } from '../../Web/buildphases.js';

test('a build in progress lists the phases done with their times, then the one running', () => {
  const shown = describeBuild({
    type: 'build', state: 'building', phase: 'linking', detail: 'EditBenchPreviews', how: 'direct',
    phases: [{ name: 'planning', seconds: 0.012 }, { name: 'compiling', seconds: 0.4567 }],
  });
  assert.equal(shown.title, 'Building…');
  assert.deepEqual(shown.steps, [
    { label: 'Planning', time: '0.01 s', current: false },
    { label: 'Compiling', time: '0.46 s', current: false },
    { label: 'Linking EditBenchPreviews', time: null, current: true },
  ]);
  assert.equal(shown.note, null);
});

test('a finished build says its total and why it was a full swift build', () => {
  const shown = describeBuild({
    type: 'build', state: 'succeeded', buildSeconds: 12.25, reloadSeconds: 0.2, how: 'swift build',
    reason: 'Package.swift changed since SwiftPM planned the build',
    phases: [{ name: 'building', seconds: 12.2 }, { name: 'restarting', seconds: 0.2 }],
  });
  assert.equal(shown.title, 'Done in 12.4 s');
  assert.deepEqual(shown.steps.map((step) => `${step.label} ${step.time}`), ['swift build 12.2 s', 'Restarting worker 0.20 s']);
  assert.equal(shown.note, 'Full build: Package.swift changed since SwiftPM planned the build');
});

test('an old server without phases still shows building and failed', () => {
  assert.deepEqual(describeBuild({ type: 'build', state: 'building' }), { title: 'Building…', steps: [], note: null });
  assert.equal(describeBuild({ type: 'build', state: 'failed', diagnostics: [] }).title, 'Build failed');
  assert.equal(phaseLabel('compiling', 'TagKit, TagKitPreviews'), 'Compiling TagKit, TagKitPreviews');
  assert.equal(phaseLabel('something new'), 'something new');
});
