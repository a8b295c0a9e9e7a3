import { describe, expect, it } from 'vitest';
import { authStanza, bindIq, chatMessage, escapeXml, frameKind, parseChat, registerIq, saslPlain } from './xmpp.mjs';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('XMPP stanzas the bench sends', () => {
  it('encodes SASL PLAIN as NUL user NUL password in base64', () => {
    expect(Buffer.from(saslPlain('u1', 'pä ss'), 'base64').toString('utf8')).toBe('\0u1\0pä ss');
    expect(authStanza('u1', 'pw')).toBe(
      `<auth xmlns='urn:ietf:params:xml:ns:xmpp-sasl' mechanism='PLAIN'>${saslPlain('u1', 'pw')}</auth>`,
    );
  });
  it('escapes what it puts in text and attributes', () => {
    expect(escapeXml(`a<b>&'"`)).toBe('a&lt;b&gt;&amp;&apos;&quot;');
    expect(registerIq('reg', 'a&b', '<pw>')).toContain('<username>a&amp;b</username><password>&lt;pw&gt;</password>');
    expect(bindIq('bind', 'r<1')).toContain('<resource>r&lt;1</resource>');
  });
  it('sends a chat to the peer carrying the message id and the send time', () => {
    expect(chatMessage('u2@localhost', id, 1234.56)).toBe(
      `<message type='chat' to='u2@localhost' id='${id}'><body>${id} 1234.6</body></message>`,
    );
  });
});

describe('parseChat', () => {
  it('reads the id and send time of a message as ejabberd delivers it', () => {
    const frame = `<message xml:lang='en' to='u2@localhost/bench' from='u1@localhost/bench' type='chat' id='${id}' xmlns='jabber:client'><body>${id} 1234.6</body></message>`;
    expect(parseChat(frame)).toEqual({ id, sentAtMs: 1234.6, from: 'u1@localhost/bench', type: 'chat' });
    expect(parseChat(Buffer.from(frame))?.id).toBe(id);
  });
  it('ignores frames that are not bench messages', () => {
    expect(parseChat(`<presence from='u1@localhost/bench'/>`)).toBeNull();
    expect(parseChat(`<message from='localhost' type='headline'><event/></message>`)).toBeNull();
    expect(parseChat(`<iq type='result' id='bind'/>`)).toBeNull();
  });
});

describe('frameKind', () => {
  it('tells the steps of a log-in apart', () => {
    const pre = `<stream:features xmlns:stream='http://etherx.jabber.org/streams'><mechanisms xmlns='urn:ietf:params:xml:ns:xmpp-sasl'><mechanism>PLAIN</mechanism></mechanisms><register xmlns='http://jabber.org/features/iq-register'/></stream:features>`;
    const post = `<stream:features xmlns:stream='http://etherx.jabber.org/streams'><bind xmlns='urn:ietf:params:xml:ns:xmpp-bind'/></stream:features>`;
    expect(frameKind(pre)).toEqual({ kind: 'features', bind: false });
    expect(frameKind(post)).toEqual({ kind: 'features', bind: true });
    expect(frameKind(`<success xmlns='urn:ietf:params:xml:ns:xmpp-sasl'/>`).kind).toBe('success');
    expect(frameKind(`<failure xmlns='urn:ietf:params:xml:ns:xmpp-sasl'><not-authorized/></failure>`).kind).toBe(
      'failure',
    );
    expect(frameKind(`<iq xmlns='jabber:client' type='error' id='reg'><error type='cancel'/></iq>`)).toEqual({
      kind: 'iq',
      id: 'reg',
      type: 'error',
    });
  });
});
