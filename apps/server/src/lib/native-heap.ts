import { createRequire } from 'node:module';
import type Koffi from 'koffi';

/**
 * glibc's `malloc_trim(0)`, where the process runs on glibc: it hands back to the system the free pages
 * inside the C heap, which `free` keeps for reuse. After a busy spell that memory is most of what the
 * process still holds beyond its start (SQLite's page caches, libvips' pixel buffers, zlib and argon2
 * work areas, freed by their owners but kept by the allocator): measured after 60 s of mixed load on
 * SQLite, 166–218 MB a minute later without it, 86 MB with it, from 110 MB at start. Undefined where there
 * is no glibc (musl, macOS, Windows) or the foreign-function library cannot load. Answers whether any
 * memory went back.
 */
export function nativeHeapTrimmer(): (() => boolean) | undefined {
  trimmer ??= { trim: loadTrimmer() };
  return trimmer.trim;
}

/** Loaded once per process: every app built in it shares the same C heap. */
let trimmer: { trim: (() => boolean) | undefined } | undefined;

function loadTrimmer(): (() => boolean) | undefined {
  try {
    // `libc.so.6` is glibc's own name: musl, macOS and Windows have none, and loading it fails. koffi ships
    // its binaries per platform as optional packages: a missing one is not an error here either.
    const koffi = createRequire(import.meta.url)('koffi') as typeof Koffi;
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
    // 1 when memory went back to the system.
    return () => trim(0) === 1;
  } catch {
    return undefined;
  }
}
