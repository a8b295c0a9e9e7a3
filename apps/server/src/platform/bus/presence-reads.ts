import type { Redis } from 'ioredis';

/**
 * The registry's reads in Redis (redis-presence.ts has the keys): counts that leave out members
 * of nodes whose liveness key lapsed. They throw when Redis does not answer; the registry then
 * answers from its own connections.
 */
export class PresenceReads {
  constructor(
    private readonly redis: Redis,
    private readonly p: string,
    private readonly nodeId: string,
  ) {}

  private key(kind: string, id: string | number): string {
    return `${this.p}${kind}:${id}`;
  }

  async liveNodes(nodeIds: string[]): Promise<Set<string>> {
    const unique = [...new Set(nodeIds)].filter((n) => n !== this.nodeId);
    const live = new Set([this.nodeId]);
    if (unique.length === 0) return live;
    const flags = await this.redis.mget(unique.map((n) => this.key('node', n)));
    unique.forEach((n, i) => flags[i] && live.add(n));
    return live;
  }

  async liveCounts(userIds: number[]): Promise<Map<number, number>> {
    const pipe = this.redis.pipeline();
    for (const id of userIds) pipe.smembers(this.key('pu', id));
    const results = (await pipe.exec()) ?? [];
    const members = results.map(([, v]) => (Array.isArray(v) ? (v as string[]) : []));
    const live = await this.liveNodes(members.flat().map((m) => m.split('|')[0] ?? ''));
    const counts = new Map<number, number>();
    userIds.forEach((id, i) => {
      counts.set(id, (members[i] ?? []).filter((m) => live.has(m.split('|')[0] ?? '')).length);
    });
    return counts;
  }

  /** Each live node's entry set (`pn:<node>`) lists its connections; dead nodes' are left out. */
  async totals(): Promise<{ users: number; connections: number }> {
    const live = [...(await this.liveNodes(await this.redis.smembers(`${this.p}nodes`)))];
    const pipe = this.redis.pipeline();
    for (const n of live) pipe.smembers(this.key('pn', n));
    const results = (await pipe.exec()) ?? [];
    const users = new Set<string>();
    let connections = 0;
    for (const [, v] of results) {
      for (const e of Array.isArray(v) ? (v as string[]) : []) {
        connections++;
        users.add(e.split('|')[0] ?? '');
      }
    }
    return { users: users.size, connections };
  }
}
