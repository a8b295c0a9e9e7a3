import { describe, expect, it } from 'vitest';
import { Role, type SelfInfo } from '@parley/protocol';
import { routeTable } from '../nav/routes';
import { panesFor } from './panes';
import { sections, visibleSections } from './sections';

/** The rail's data stays coherent as sections are added (app/sections.ts). */
describe('rail sections', () => {
  it('gives every page at most one owning section, and each section owns its own page', () => {
    const owners = new Map<string, string>();
    for (const s of sections) {
      expect(s.routes, s.key).toContain(s.route);
      for (const r of s.routes) {
        expect(owners.get(r), `${r} in ${s.key} and ${owners.get(r) ?? ''}`).toBeUndefined();
        owners.set(r, s.key);
      }
    }
    expect(new Set(sections.map((s) => s.key)).size).toBe(sections.length);
    expect(sections.filter((s) => s.avatar).length).toBeLessThanOrEqual(1);
  });

  it('puts no public page on the rail', () => {
    for (const s of sections)
      for (const r of s.routes) expect((routeTable[r] as { public?: boolean }).public, r).toBeUndefined();
  });

  it('opens each section on its list with nothing beside it yet', () => {
    for (const s of sections) {
      expect(panesFor(s.route, sections), s.key).toMatchObject({
        mode: 'panes',
        section: { key: s.key },
        detail: s.hasList ? 'placeholder' : 'page',
      });
    }
  });

  it('starts with chats and contacts for every user', () => {
    const user = { role: Role.user } as SelfInfo;
    const keys = visibleSections(user).map((s) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['chats', 'contacts']));
    expect(panesFor('chat', visibleSections(user))).toMatchObject({
      section: { key: 'chats' },
      list: true,
      detail: 'page',
    });
  });
});
