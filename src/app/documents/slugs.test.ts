import { describe, expect, it } from 'vitest';
import type { Design } from '../../core/model/schema';
import type { DesignDoc } from '../studio/contract';
import { blankDesign, docFromDesign } from './docs';
import { designFileName, designSegment, fileNameOf, idSaysName, resolveSegment, type SlugContext } from './slugs';
import { restoreDoc } from '../persist/restore';

const doc = (id: string, name: string, extra: Partial<DesignDoc> = {}): DesignDoc => ({
  ...docFromDesign(id, { ...blankDesign(name), name } as Design, 1),
  ...extra,
});
const ctx = (docs: DesignDoc[], gallery: SlugContext['gallery'] = []): SlugContext => ({ docs: Object.fromEntries(docs.map((d) => [d.id, d])), gallery });

describe('design addresses from names', () => {
  it('keeps the id while it says the name', () => {
    expect(idSaysName('untitled-den', 'Untitled design')).toBe(true);
    expect(idSaysName('trips-x7k', 'Trips')).toBe(true);
    expect(idSaysName('chat-messages', 'Chat messages per room')).toBe(true);
    expect(idSaysName('untitled-den', 'Trips')).toBe(false);
    expect(designSegment(ctx([doc('untitled-den', 'Untitled design')]), 'untitled-den')).toBe('untitled-den');
  });

  it('uses the slug of the name after a rename, in the address and in YAML error locations', () => {
    const c = ctx([doc('untitled-den', 'Ride-hailing trips')]);
    expect(designSegment(c, 'untitled-den')).toBe('ride-hailing-trips');
    expect(fileNameOf(c, 'untitled-den')).toBe('ride-hailing-trips.yaml');
    expect(resolveSegment(c, 'ride-hailing-trips')).toBe('untitled-den');
    // The old address (the id) still opens it.
    expect(resolveSegment(c, 'untitled-den')).toBe('untitled-den');
  });

  it('keeps the id when the slug would name another design, an example or be ambiguous', () => {
    expect(designSegment(ctx([doc('untitled-den', 'Orders'), doc('orders', 'Orders')]), 'untitled-den')).toBe('untitled-den');
    expect(designSegment(ctx([doc('untitled-den', 'Orders'), doc('untitled-abc', 'Orders')]), 'untitled-den')).toBe('untitled-den');
    expect(designSegment(ctx([doc('untitled-den', 'Chat messages')], [{ id: 'chat-messages', title: 'Chat', ok: true }]), 'untitled-den')).toBe('untitled-den');
    expect(designSegment(ctx([doc('shared-abc', 'Trips', { shared: true })]), 'shared-abc')).toBe('shared-abc');
  });

  it("keeps an example's id while the copy has the example's name", () => {
    const g = [{ id: 'iot-multitenant', title: 'Multi-tenant IoT telemetry', ok: true }];
    expect(designSegment(ctx([doc('iot-multitenant', 'Multi-tenant IoT telemetry')], g), 'iot-multitenant')).toBe('iot-multitenant');
    expect(designSegment(ctx([doc('iot-multitenant', 'Fleet telemetry')], g), 'iot-multitenant')).toBe('fleet-telemetry');
  });

  it('still opens a design by a name it had earlier in the session', () => {
    const first = ctx([doc('untitled-den', 'Trips v1')]);
    expect(designSegment(first, 'untitled-den')).toBe('trips-v1');
    const second = ctx([doc('untitled-den', 'Trips v2')]);
    expect(designSegment(second, 'untitled-den')).toBe('trips-v2');
    expect(resolveSegment(second, 'trips-v1')).toBe('untitled-den');
    expect(resolveSegment(ctx([]), 'trips-v1')).toBeNull();
  });
});

describe('the file name in YAML error locations', () => {
  it('comes from the design alone: the same whatever other designs exist, and after a reload', () => {
    const renamed = doc('untitled-ifw', 'Clicks');
    // Another design whose slug clashes changes the address, never the file name.
    expect(fileNameOf(ctx([renamed]), 'untitled-ifw')).toBe('clicks.yaml');
    expect(fileNameOf(ctx([renamed, doc('clicks', 'Clicks')]), 'untitled-ifw')).toBe('clicks.yaml');
    expect(designFileName('untitled-ifw', 'Untitled design')).toBe('untitled-ifw.yaml');
    // A saved text with errors, restored on reload: its errors name the same file.
    const restored = restoreDoc({ id: 'untitled-ifw', text: 'name: [\n', design: renamed.design, updatedAt: 1 });
    expect(restored?.textIssues[0]?.file).toBe('clicks.yaml');
  });
});
