import pg from 'pg';

// node-postgres writes each protocol message (parse, bind, describe, execute, sync) to the
// socket separately: five system calls and as many wake-ups of the server process per query.
// Corking the socket for the rest of the tick sends what one query produces in one write; on
// these machines that is the largest single cost of a request after the database's own work.
type Stream = { cork(): void; uncork(): void; writable: boolean };
type ConnectionProto = { _send(buffer: Buffer): boolean; stream: Stream; __corked?: boolean };

const proto = (pg as unknown as { Connection: { prototype: ConnectionProto } }).Connection.prototype;
const send = proto._send;
// A driver version without this internal simply keeps its own writes (slower, still correct).
if (typeof send === 'function' && !(send as { corking?: boolean }).corking) {
  const corkingSend = function (this: ConnectionProto, buffer: Buffer) {
    if (!this.__corked && this.stream.writable) {
      this.__corked = true;
      this.stream.cork();
      process.nextTick(() => {
        this.__corked = false;
        this.stream.uncork();
      });
    }
    return send.call(this, buffer);
  };
  (corkingSend as { corking?: boolean }).corking = true;
  proto._send = corkingSend;
}
