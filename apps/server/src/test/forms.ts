import sharp from 'sharp';

/** A file part of a multipart body. */
export interface FilePart {
  content: Buffer;
  filename: string;
  contentType?: string;
}

export type FormValue = string | FilePart;

/** A multipart/form-data body as the browser's FormData would send it, ready for `inject`. */
export async function multipart(
  fields: Record<string, FormValue | FormValue[]>,
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') form.append(name, item);
      else
        form.append(
          name,
          new Blob([item.content], { type: item.contentType ?? 'application/octet-stream' }),
          item.filename,
        );
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** An application/x-www-form-urlencoded body. */
export function urlencoded(fields: Record<string, string | string[]>): {
  payload: string;
  headers: { 'content-type': string };
} {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return {
    payload: params.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

const solid = (width: number, height: number, color: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: color } });

export function pngImage(width = 64, height = 48, color = { r: 200, g: 40, b: 40 }): Promise<Buffer> {
  return solid(width, height, color).png().toBuffer();
}

export function jpegImage(width = 64, height = 48, color = { r: 40, g: 120, b: 200 }): Promise<Buffer> {
  return solid(width, height, color).jpeg().toBuffer();
}
