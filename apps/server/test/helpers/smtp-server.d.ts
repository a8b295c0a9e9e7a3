/** The slice of smtp-server the mail catcher uses (the package ships no types). */
declare module 'smtp-server' {
  import type { Server } from 'node:net';
  import type { Readable } from 'node:stream';
  interface Address {
    address: string;
  }
  interface Session {
    envelope: { mailFrom: Address | false; rcptTo: Address[] };
  }
  export interface SMTPServerOptions {
    authOptional?: boolean;
    disabledCommands?: string[];
    logger?: boolean;
    onData?(stream: Readable, session: Session, callback: (err?: Error | null) => void): void;
    onRcptTo?(address: Address, session: Session, callback: (err?: Error | null) => void): void;
  }
  export class SMTPServer {
    constructor(options?: SMTPServerOptions);
    server: Server;
    listen(port: number, host: string, callback?: () => void): void;
    close(callback?: () => void): void;
  }
}
