import { describe, expect, it } from 'vitest';
import { mergeFormEdit } from './merge';

const base = 'format: v1\nname: Chat\ntables:\n  - name: t\n    rowKey: {}\n';

describe('a form edit merged into the room text', () => {
  it('replaces the changed line where it sits, keeping comments and lines the form does not know', () => {
    const theirs = '# reviewed by C\nformat: v1\nname: Chat\n# a note\ntables:\n  - name: t\n    rowKey: {}\nextra: kept\n';
    const next = base.replace('name: Chat', 'name: Chat together');
    expect(mergeFormEdit(theirs, base, next)).toBe(
      '# reviewed by C\nformat: v1\nname: Chat together\n# a note\ntables:\n  - name: t\n    rowKey: {}\nextra: kept\n',
    );
  });

  it('inserts new lines after the line above them in the room text', () => {
    const theirs = '# top\nformat: v1\nname: Chat\ntables:\n  - name: t\n    rowKey: {}\n';
    const next = 'format: v1\nname: Chat\ndescription: new\ntables:\n  - name: t\n    rowKey: {}\n';
    expect(mergeFormEdit(theirs, base, next)).toBe('# top\nformat: v1\nname: Chat\ndescription: new\ntables:\n  - name: t\n    rowKey: {}\n');
  });

  it('gives up (null) when a changed line is not in the room text', () => {
    const theirs = 'format: v1\nname:   Chat   # spaced\ntables:\n  - name: t\n    rowKey: {}\n';
    expect(mergeFormEdit(theirs, base, base.replace('name: Chat', 'name: X'))).toBeNull();
  });

  it('is the room text unchanged when the form changed nothing', () => {
    expect(mergeFormEdit('# x\n' + base, base, base)).toBe('# x\n' + base);
  });
});
