import { Samples } from './stats.mjs';

/**
 * Who should receive which message, and what arrived. A message is registered before its
 * send starts (a push may beat the HTTP reply); every expected recipient is a slot, and a slot
 * hit twice is a duplicate. Latency = send start → first push at that recipient.
 */
export class Tracker {
  constructor() {
    this.msgs = new Map();
    this.unknown = 0;
  }

  /** recipients: Map userId → slot index (shared by all messages of a group); sender excluded. */
  expect(id, { t0, point, recipients, counted }) {
    const m = { t0, point, recipients, hits: new Uint8Array(recipients.size), got: 0, ok: false, counted };
    this.msgs.set(id, m);
    return m;
  }

  onPush(id, userId) {
    const m = id && this.msgs.get(id);
    if (!m) {
      this.unknown++;
      return;
    }
    const slot = m.recipients.get(userId);
    if (slot === undefined) {
      m.point.echo++; // the sender's own devices (PROTOCOL §4.4)
      return;
    }
    if (m.hits[slot]++ > 0) {
      m.point.dup++;
      return;
    }
    m.got++;
    m.point.delivered++;
    if (m.counted) {
      const now = performance.now();
      m.point.deliveredWindow++;
      m.point.lastDeliveryAt = now;
      m.point.e2e.add(now - m.t0);
      // Per wall-clock second of delivery, to set beside the server's stall log (--stalls).
      const sec = Math.floor((performance.timeOrigin + now) / 1000);
      let b = m.point.bySecond.get(sec);
      if (!b) m.point.bySecond.set(sec, (b = new Samples()));
      b.add(now - m.t0);
    }
  }

  /** After the drain: counts deliveries still missing for messages the server accepted. */
  settle(point) {
    for (const [id, m] of this.msgs) {
      if (m.point !== point) continue;
      if (m.ok) point.lost += m.recipients.size - m.got;
      this.msgs.delete(id);
    }
  }
}

export function newPoint(extra = {}) {
  return {
    ...extra,
    sent: 0,
    sentWindow: 0,
    accepted: 0,
    errors: 0,
    errorSamples: [],
    delivered: 0,
    deliveredWindow: 0,
    echo: 0,
    dup: 0,
    lost: 0,
    e2e: new Samples(),
    http: new Samples(),
    bySecond: new Map(),
  };
}
