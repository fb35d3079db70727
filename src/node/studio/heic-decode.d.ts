// heic-decode ships no types: what src/node/studio/pictures.ts uses of it.
declare module 'heic-decode' {
  export default function decode(input: { buffer: Uint8Array }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
