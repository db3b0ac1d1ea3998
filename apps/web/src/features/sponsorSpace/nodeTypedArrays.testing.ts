import { Buffer } from 'node:buffer';

/*
 * Under jsdom, ArrayBuffer and Uint8Array are jsdom's own, which Node's WebCrypto refuses when the HPKE
 * library hands them back to it. A component test of the sponsor space uses Node's, as a browser has one.
 */
const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as typeof Uint8Array;
globalThis.Uint8Array = NodeUint8Array;
globalThis.ArrayBuffer = new NodeUint8Array(0).buffer.constructor as typeof ArrayBuffer;
