import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import bcrypt from 'bcryptjs';
import { Binary, BSON, type Document, ObjectId } from 'bson';
import sharp from 'sharp';

/**
 * A `mongodump` of the original site as its Mongoose models left it (`user`, `portfolio`, `comments`,
 * GridFS bucket `uploads`), holding every messy case decision 0030 has a rule for.
 */

export const OLD_PASSWORD = 'eski-parol-123';
/** GridFS's default chunk size: 255 KiB. */
const CHUNK_SIZE = 255 * 1024;

const oid = (n: number) => new ObjectId(`5f1a2b3c4d5e6f70${n.toString(16).padStart(8, '0')}`);
export const ids = {
  ali: oid(1),
  aliCase: oid(2),
  vali: oid(3),
  nameless: oid(4),
  gone: oid(99),
  library: oid(11),
  unsafe: oid(12),
  libraryCopy: oid(13),
  orphanListed: oid(14),
  disputed: oid(15),
  orphan: oid(16),
  goodComment: oid(21),
  ghostComment: oid(22),
  lostComment: oid(23),
  listedComment: oid(24),
  embeddedComment: oid(25),
  emptyComment: oid(26),
};

const day = (n: number) => new Date(Date.UTC(2021, 0, 1 + n, 9, 30));

export interface OriginalDump {
  folder: string;
  /** The images as the original stored them, by old name. */
  images: Record<string, Buffer>;
}

/**
 * Writes the dump under `dir/dump/portfoliomaster/`, one collection gzipped and one with its metadata.
 * `plain`: that many more ordinary portfolios of `ali`, each liked by `vali` and commented on by him.
 */
export async function writeOriginalDump(dir: string, { plain = 0 } = {}): Promise<OriginalDump> {
  const images = {
    'a1b2c3d4e5f6.png': await sharp({
      create: { width: 120, height: 120, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer(),
    // Noise does not compress: well over one 255 KiB chunk.
    '9f8e7d6c5b4a.png': await sharp(randomPixels(400, 300), { raw: { width: 400, height: 300, channels: 3 } })
      .png()
      .toBuffer(),
    'photo.jpg': await sharp({ create: { width: 640, height: 480, channels: 3, background: '#cc6633' } })
      .jpeg()
      .toBuffer(),
    'broken.png': Buffer.from('this is not a picture at all'),
  };
  const hash = bcrypt.hashSync(OLD_PASSWORD, 4);

  const users: Document[] = [
    {
      _id: ids.ali,
      username: 'ali',
      email: 'Ali@Example.uz',
      password: hash.replace(/^\$2b\$/, '$2a$'),
      firstname: 'Ali',
      lastname: 'Valiyev',
      image: 'a1b2c3d4e5f6.png',
      isAdmin: true,
      // A NUL, which PostgreSQL text cannot hold, is dropped.
      description: 'Frontend dasturchi\u0000',
      skills: ['React', 'Node.js'],
      githubProfile: 'https://github.com/ali',
      telegramProfile: 'https://t.me/ali',
      registeredDate: day(0),
      // Lists a portfolio whose author is someone else.
      portfolios: [ids.library, ids.unsafe, ids.disputed],
      __v: 3,
    },
    {
      _id: ids.aliCase,
      username: 'Ali',
      email: 'ali@example.uz',
      password: hash.replace(/^\$2b\$/, '$2y$'),
      firstname: 'Alisher',
      lastname: 'Karimov',
      bio: 'Backend',
      skills: 'Go, go , Postgres',
      registeredDate: day(1),
      portfolios: [ids.libraryCopy],
    },
    {
      _id: ids.vali,
      username: 'vali',
      lastname: 'Olimov',
      portfolios: [ids.orphanListed],
    },
    { _id: ids.nameless, email: 'nameless@example.uz', password: hash, registeredDate: day(2) },
    { username: 'no_id', email: 'noid@example.uz' },
  ];

  const portfolios: Document[] = [
    {
      _id: ids.library,
      title: 'Kutubxona tizimi',
      linktitle: 'ali_Kutubxona_tizimi',
      description: 'Kitoblar hisobi',
      url: 'https://kutubxona.example.uz',
      repoUrl: 'https://github.com/ali/kutubxona',
      images: ['9f8e7d6c5b4a.png', 'photo.jpg'],
      used: ['React', 'react ', 'REACT', 'Node.js'],
      author: ids.ali,
      likes: [ids.aliCase, ids.aliCase, ids.vali, ids.gone],
      comments: [ids.goodComment],
      date: day(10),
    },
    {
      _id: ids.unsafe,
      title: 'A/B test? #1 100%',
      linktitle: 'ali_A/B_test?_#1_100%',
      url: 'https://ab.example.uz',
      images: ['missing.png', 'broken.png', 'partial.png'],
      used: 'vue, Go , vue',
      author: ids.ali,
      likes: [],
      date: day(11),
    },
    {
      _id: ids.libraryCopy,
      title: 'Kutubxona tizimi',
      linktitle: 'ali_Kutubxona_tizimi',
      url: 'https://copy.example.uz',
      images: [],
      used: [],
      author: ids.aliCase,
      comments: [ids.listedComment],
      date: day(12),
    },
    {
      _id: ids.orphanListed,
      title: 'Ob-havo boti',
      linktitle: '',
      url: 'https://bot.example.uz',
      used: ['Python'],
      author: ids.gone,
      comments: [{ _id: ids.embeddedComment, body: 'Ichki izoh', date: day(14), commentAuthor: ids.ali }],
      date: day(13),
    },
    {
      _id: ids.disputed,
      url: 'https://disputed.example.uz',
      used: ['Svelte'],
      author: ids.aliCase,
      date: day(15),
    },
    { _id: ids.orphan, title: 'Yetim', linktitle: 'gone_Yetim', used: ['PHP'], author: ids.gone },
  ];

  const comments: Document[] = [];
  for (let n = 0; n < plain; n += 1) {
    const id = oid(1000 + n);
    portfolios.push({
      _id: id,
      title: `Loyiha ${n}`,
      linktitle: `ali_Loyiha_${n}`,
      url: `https://loyiha${n}.example.uz`,
      used: ['TypeScript', n % 2 === 0 ? 'React' : 'Vue'],
      author: ids.ali,
      likes: [ids.vali],
      date: day(30 + n),
    });
    comments.push({
      _id: oid(5000 + n),
      body: `Izoh ${n}`,
      date: day(31 + n),
      commentAuthor: ids.vali,
      portfolio: id,
    });
  }
  comments.push(
    {
      _id: ids.goodComment,
      body: 'Zo‘r loyiha!',
      date: day(20),
      commentAuthor: ids.aliCase,
      portfolio: ids.library,
    },
    {
      _id: ids.ghostComment,
      body: 'Men ketdim',
      date: day(21),
      commentAuthor: ids.gone,
      portfolio: ids.library,
    },
    { _id: ids.lostComment, body: 'Qayerda?', date: day(22), commentAuthor: ids.ali, portfolio: ids.gone },
    { _id: ids.listedComment, body: 'Nusxa-ku', date: day(23), commentAuthor: ids.ali },
    { _id: ids.emptyComment, body: '   ', date: day(24), commentAuthor: ids.ali, portfolio: ids.library },
  );

  const files: Document[] = [];
  const chunks: Document[] = [];
  for (const [filename, bytes] of Object.entries(images)) addFile(files, chunks, filename, bytes);
  // Announced as two chunks, stored as one.
  const partial = images['9f8e7d6c5b4a.png'];
  addFile(files, chunks, 'partial.png', partial, (chunk) => chunk.n !== 1);

  const folder = writeDump(dir, { users, portfolios, comments, files, chunks });
  return { folder, images };
}

/** The collections of a dump; those left out are written empty. */
export interface DumpCollections {
  users: Document[];
  portfolios: Document[];
  comments?: Document[];
  files?: Document[];
  chunks?: Document[];
}

/**
 * Writes documents as `mongodump` does, under `dir/dump/portfoliomaster/` (portfolios gzipped, users with
 * their metadata), and answers the dump's folder.
 */
export function writeDump(
  dir: string,
  { users, portfolios, comments = [], files = [], chunks = [] }: DumpCollections,
): string {
  const folder = path.join(dir, 'dump');
  const db = path.join(folder, 'portfoliomaster');
  fs.mkdirSync(db, { recursive: true });
  const write = (name: string, documents: Document[], zipped = false) => {
    const bytes = Buffer.concat(documents.map((document) => BSON.serialize(document)));
    fs.writeFileSync(path.join(db, `${name}.bson${zipped ? '.gz' : ''}`), zipped ? gzipSync(bytes) : bytes);
  };
  write('users', users);
  fs.writeFileSync(
    path.join(db, 'users.metadata.json'),
    JSON.stringify({ indexes: [], collectionName: 'users' }),
  );
  write('portfolios', portfolios, true);
  write('comments', comments);
  write('uploads.files', files);
  // Out of order, as nothing promises they come sorted by n.
  write('uploads.chunks', [...chunks].reverse());
  return folder;
}

function addFile(
  files: Document[],
  chunks: Document[],
  filename: string,
  bytes: Buffer,
  keep: (chunk: Document) => boolean = () => true,
): void {
  const id = new ObjectId();
  files.push({
    _id: id,
    length: bytes.length,
    chunkSize: CHUNK_SIZE,
    uploadDate: new Date('2021-01-05T00:00:00Z'),
    filename,
    contentType: filename.endsWith('.jpg') ? 'image/jpeg' : 'image/png',
  });
  for (let n = 0; n * CHUNK_SIZE < bytes.length; n += 1) {
    const chunk = {
      _id: new ObjectId(),
      files_id: id,
      n,
      data: new Binary(bytes.subarray(n * CHUNK_SIZE, (n + 1) * CHUNK_SIZE)),
    };
    if (keep(chunk)) chunks.push(chunk);
  }
}

/** Noise, which PNG cannot compress. */
function randomPixels(width: number, height: number): Buffer {
  return randomBytes(width * height * 3);
}
