import { describe, expect, it } from 'vitest';
import {
  asWritten,
  convertAroundGiven,
  inScript,
  preferredScript,
  scriptLanguageTag,
  toCyrillic,
  toLatin,
} from './script.js';

/** Latin and Cyrillic spellings that each convert to the other. */
const BOTH: [latin: string, cyrillic: string][] = [
  // Everyday words: every letter and digraph.
  ['salom', 'салом'],
  ['kitob', 'китоб'],
  ['maktab', 'мактаб'],
  ['o‘qituvchi', 'ўқитувчи'],
  ['g‘alaba', 'ғалаба'],
  ['shahar', 'шаҳар'],
  ['choy', 'чой'],
  ['yangi', 'янги'],
  ['yaxshi', 'яхши'],
  ['yomon', 'ёмон'],
  ['yulduz', 'юлдуз'],
  ['yo‘l', 'йўл'],
  ['yo‘q', 'йўқ'],
  ['ertak', 'эртак'],
  ['ekran', 'экран'],
  ['elektr', 'электр'],
  ['yer', 'ер'],
  ['yetti', 'етти'],
  ['yozuv', 'ёзув'],
  ['yurak', 'юрак'],
  ['yashil', 'яшил'],
  ['qalam', 'қалам'],
  ['qiz', 'қиз'],
  ['qo‘l', 'қўл'],
  ['o‘zbek', 'ўзбек'],
  ['dastur', 'дастур'],
  ['dasturchi', 'дастурчи'],
  ['dasturlash', 'дастурлаш'],
  ['loyiha', 'лойиҳа'],
  ['loyihalar', 'лойиҳалар'],
  ['sahifa', 'саҳифа'],
  ['izoh', 'изоҳ'],
  ['izohlar', 'изоҳлар'],
  ['sozlamalar', 'созламалар'],
  ['parol', 'парол'],
  ['kirish', 'кириш'],
  ['chiqish', 'чиқиш'],
  ['qidiruv', 'қидирув'],
  ['foydalanuvchi', 'фойдаланувчи'],
  ['foydalanuvchilar', 'фойдаланувчилар'],
  ['ro‘yxat', 'рўйхат'],
  ['ro‘yxatdan', 'рўйхатдан'],
  ['o‘tish', 'ўтиш'],
  ['saqlash', 'сақлаш'],
  ['saqlanganlar', 'сақланганлар'],
  ['kuzatuvlar', 'кузатувлар'],
  ['bildirishnomalar', 'билдиришномалар'],
  ['xabar', 'хабар'],
  ['muallif', 'муаллиф'],
  ['texnologiya', 'технология'],
  ['texnologiyalar', 'технологиялар'],
  ['tahrirlash', 'таҳрирлаш'],
  ['o‘chirish', 'ўчириш'],
  ['yuklash', 'юклаш'],
  ['rasm', 'расм'],
  ['rasmlar', 'расмлар'],
  ['havola', 'ҳавола'],
  ['sana', 'сана'],
  ['bugun', 'бугун'],
  ['kecha', 'кеча'],
  ['ertaga', 'эртага'],
  ['hafta', 'ҳафта'],
  ['oy', 'ой'],
  ['yil', 'йил'],
  ['soat', 'соат'],
  ['daqiqa', 'дақиқа'],
  ['soniya', 'сония'],
  ['oldin', 'олдин'],
  ['keyin', 'кейин'],
  ['hozir', 'ҳозир'],
  ['hozircha', 'ҳозирча'],
  ['hech', 'ҳеч'],
  ['narsa', 'нарса'],
  ['topilmadi', 'топилмади'],
  ['xato', 'хато'],
  ['xatolik', 'хатолик'],
  ['muvaffaqiyatli', 'муваффақиятли'],
  ['tasdiqlash', 'тасдиқлаш'],
  ['bekor', 'бекор'],
  ['qilish', 'қилиш'],
  ['yopish', 'ёпиш'],
  ['ochish', 'очиш'],
  ['menyu', 'меню'],
  ['asosiy', 'асосий'],
  ['qism', 'қисм'],
  ['bosh', 'бош'],
  ['haqida', 'ҳақида'],
  ['aloqa', 'алоқа'],
  ['telefon', 'телефон'],
  ['ijtimoiy', 'ижтимоий'],
  ['tarmoqlar', 'тармоқлар'],
  ['barcha', 'барча'],
  ['huquqlar', 'ҳуқуқлар'],
  ['himoyalangan', 'ҳимояланган'],
  ['oldingi', 'олдинги'],
  ['keyingi', 'кейинги'],
  ['yozish', 'ёзиш'],
  ['javob', 'жавоб'],
  ['jamoa', 'жамоа'],
  ['hamjamiyat', 'ҳамжамият'],
  ['sayt', 'сайт'],
  ['ish', 'иш'],
  ['ishlar', 'ишлар'],
  ['ko‘rish', 'кўриш'],
  ['yoqtirish', 'ёқтириш'],
  ['yoqdi', 'ёқди'],
  ['ulashish', 'улашиш'],
  ['versiya', 'версия'],
  ['yangilash', 'янгилаш'],
  ['oflayn', 'офлайн'],
  ['internet', 'интернет'],
  ['ulanish', 'уланиш'],
  ['qurilma', 'қурилма'],
  ['o‘rnatish', 'ўрнатиш'],
  ['ilova', 'илова'],
  ['tungi', 'тунги'],
  ['rejim', 'режим'],
  ['mavzu', 'мавзу'],
  ['tanlash', 'танлаш'],
  ['lotin', 'лотин'],
  ['kirill', 'кирилл'],
  ['alifbo', 'алифбо'],
  ['til', 'тил'],
  ['o‘zgartirish', 'ўзгартириш'],
  ['qo‘shish', 'қўшиш'],
  ['g‘oya', 'ғоя'],
  ['tog‘', 'тоғ'],
  ['bog‘', 'боғ'],
  ['yog‘och', 'ёғоч'],
  ['sog‘liq', 'соғлиқ'],
  ['o‘g‘il', 'ўғил'],
  ['to‘g‘ri', 'тўғри'],
  ['bo‘lim', 'бўлим'],
  ['ko‘p', 'кўп'],
  ['so‘z', 'сўз'],
  ['so‘rov', 'сўров'],
  ['to‘liq', 'тўлиқ'],
  ['o‘rtacha', 'ўртача'],
  ['qo‘llanma', 'қўлланма'],
  ['ayol', 'аёл'],
  ['dunyo', 'дунё'],
  ['qiyin', 'қийин'],
  ['tayyor', 'тайёр'],
  ['kutubxona', 'кутубхона'],
  ['ng', 'нг'],
  ['tong', 'тонг'],
  ['ming', 'минг'],
  // The tutuq belgisi.
  ['ma’lumot', 'маълумот'],
  ['ma’no', 'маъно'],
  ['san’at', 'санъат'],
  ['e’lon', 'эълон'],
  ['ta’lim', 'таълим'],
  ['mas’ul', 'масъул'],
  ['sur’at', 'суръат'],
  ['qat’iy', 'қатъий'],
  ['va’da', 'ваъда'],
  // ye, e and ts by position.
  ['Yevropa', 'Европа'],
  ['poyezd', 'поезд'],
  ['obyekt', 'объект'],
  ['subyekt', 'субъект'],
  ['poeziya', 'поэзия'],
  ['aeroport', 'аэропорт'],
  ['ekologiya', 'экология'],
  ['energiya', 'энергия'],
  ['metro', 'метро'],
  ['teatr', 'театр'],
  ['otsiz', 'отсиз'],
  ['militsiya', 'милиция'],
  // The exception list.
  ['sirk', 'цирк'],
  ['sement', 'цемент'],
  ['stansiya', 'станция'],
  ['funksiya', 'функция'],
  ['aksiya', 'акция'],
  ['dekabr', 'декабрь'],
  ['oktabr', 'октябрь'],
  ['fevral', 'февраль'],
  ['iyun', 'июнь'],
  ['iyul', 'июль'],
  ['yanvar', 'январь'],
  ['kompyuter', 'компьютер'],
  ['interfeys', 'интерфейс'],
  // Places and names, with capitals.
  ['O‘zbekiston', 'Ўзбекистон'],
  ['Toshkent', 'Тошкент'],
  ['Samarqand', 'Самарқанд'],
  ['Buxoro', 'Бухоро'],
  ['Xiva', 'Хива'],
  ['Farg‘ona', 'Фарғона'],
  ['Andijon', 'Андижон'],
  ['Namangan', 'Наманган'],
  ['Qarshi', 'Қарши'],
  ['Termiz', 'Термиз'],
  ['Nukus', 'Нукус'],
  ['Navoiy', 'Навоий'],
  ['Jizzax', 'Жиззах'],
  ['Guliston', 'Гулистон'],
  ['Urganch', 'Урганч'],
  ['Alisher', 'Алишер'],
  ['Bobur', 'Бобур'],
  ['Ulug‘bek', 'Улуғбек'],
  ['Sherzod', 'Шерзод'],
  ['Shoxrux', 'Шохрух'],
  ['Dilnoza', 'Дилноза'],
  ['Gulnora', 'Гулнора'],
  ['Jasur', 'Жасур'],
  ['Yusuf', 'Юсуф'],
  ['Yoqub', 'Ёқуб'],
  ['Yelena', 'Елена'],
  ['Ergash', 'Эргаш'],
  ['Erkin', 'Эркин'],
  ['Olim', 'Олим'],
  ['Zafar', 'Зафар'],
  ['Chingiz', 'Чингиз'],
  ['Mirzo', 'Мирзо'],
  ['Hasan', 'Ҳасан'],
  ['Xurshid', 'Хуршид'],
  ['Ozoda', 'Озода'],
  ['Nodira', 'Нодира'],
  ['Feruza', 'Феруза'],
  ['Timur', 'Тимур'],
  ['Otabek', 'Отабек'],
  ['Javohir', 'Жавоҳир'],
  ['Behruz', 'Беҳруз'],
  ['Madina', 'Мадина'],
  ['Laylo', 'Лайло'],
  // Capitals: a word in capitals, a digraph at the start of a capitalised word.
  ['O‘ZBEKISTON', 'ЎЗБЕКИСТОН'],
  ['SHAHAR', 'ШАҲАР'],
  ['Shahar', 'Шаҳар'],
  ['CHOY', 'ЧОЙ'],
  ['Choy', 'Чой'],
  ['Yo‘q', 'Йўқ'],
  ['YANGI', 'ЯНГИ'],
  ['Yangi', 'Янги'],
  ['G‘ALABA', 'ҒАЛАБА'],
  // Phrases of the interface, with kept names, digits and punctuation.
  ['Ro‘yxatdan o‘tish', 'Рўйхатдан ўтиш'],
  ['Yangi versiya bor', 'Янги версия бор'],
  ['Bosh sahifa', 'Бош саҳифа'],
  ['Portfolio joylash', 'Портфолио жойлаш'],
  ['Parolni unutdingizmi?', 'Паролни унутдингизми?'],
  ['Hozircha foydalanuvchilar yo‘q', 'Ҳозирча фойдаланувчилар йўқ'],
  ['Kerakli narsani qidiring', 'Керакли нарсани қидиринг'],
  ['Loyiha haqida', 'Лойиҳа ҳақида'],
  ['Telegramda ulashish', 'Телеграмда улашиш'],
  ['Portfolio Master haqida', 'Portfolio Master ҳақида'],
  ['Email yashirilgan', 'Email яширилган'],
  ['3 kun oldin', '3 кун олдин'],
  [
    '© 2026 Portfolio Master. Barcha huquqlar himoyalangan.',
    '© 2026 Portfolio Master. Барча ҳуқуқлар ҳимояланган.',
  ],
  ['GitHub havolasi', 'GitHub ҳаволаси'],
  ['Markdown qo‘llab-quvvatlanadi', 'Markdown қўллаб-қувватланади'],
  ['12-sahifa', '12-саҳифа'],
  ['Avval tizimga kiring: token yo‘q yoki eskirgan', 'Аввал тизимга киринг: токен йўқ ёки эскирган'],
  ['Qidiruv matni 200 belgidan oshmasin', 'Қидирув матни 200 белгидан ошмасин'],
  ['Sizga yoqdi, «Yangi» loyiha!', 'Сизга ёқди, «Янги» лойиҳа!'],
];

/** Only towards Cyrillic: other apostrophes people type, and spellings Latin cannot tell apart. */
const TO_CYRILLIC: [latin: string, cyrillic: string][] = [
  ["o'zbek", 'ўзбек'],
  ['oʻzbek', 'ўзбек'],
  ['o’zbek', 'ўзбек'],
  ['o`zbek', 'ўзбек'],
  ["g'alaba", 'ғалаба'],
  ['gʻalaba', 'ғалаба'],
  ["ma'no", 'маъно'],
  ['maʼno', 'маъно'],
  ['ma`no', 'маъно'],
  ["O'zbekiston", 'Ўзбекистон'],
  ["yo'q", 'йўқ'],
  ["Ro'yxatdan o'tish", 'Рўйхатдан ўтиш'],
  ['Is’hoq', 'Исҳоқ'],
  ["Is'hoq", 'Исҳоқ'],
  ['kontsert', 'концерт'],
  ['Sh', 'Ш'],
  ["'Salom'", "'Салом'"],
  ['React va TypeScript', 'React ва TypeScript'],
  ['Node.js bilan', 'Node.js билан'],
  // The protocol's words in the API's messages.
  ['Qiymat true yoki false bo‘lishi kerak', 'Қиймат true ёки false бўлиши керак'],
  [
    'Loyiha manzili http:// yoki https:// bilan boshlanadigan manzil bo‘lishi kerak',
    'Лойиҳа манзили http:// ёки https:// билан бошланадиган манзил бўлиши керак',
  ],
  [
    'Bu Content-Type qo‘llab-quvvatlanmaydi: JSON, form yoki multipart yuboring',
    'Бу Content-Type қўллаб-қувватланмайди: JSON, form ёки multipart юборинг',
  ],
  ['multipart/form-data kutilgan edi', 'multipart/form-data кутилган эди'],
  ['So‘rov matni UTF-8 emas', 'Сўров матни UTF-8 эмас'],
  ['Matnda ruxsat etilmagan belgi bor (U+0000)', 'Матнда рухсат этилмаган белги бор (U+0000)'],
  ['faqat http(s) manzillardan, JPEG yoki AVIF', 'фақат http(s) манзиллардан, JPEG ёки AVIF'],
  ['index yoki commentId kerak', 'index ёки commentId керак'],
];

/** Only towards Latin: letters Uzbek Latin has no single match for. */
const TO_LATIN: [cyrillic: string, latin: string][] = [
  ['концерт', 'konsert'],
  ['цифр', 'sifr'],
  ['милиция', 'militsiya'],
  ['щётка', 'shyotka'],
  ['Исҳоқ', 'Ishoq'],
  ['Ўзбекистон Республикаси', 'O‘zbekiston Respublikasi'],
  ['mixed: Тошкент and Toshkent', 'mixed: Toshkent and Toshkent'],
];

describe('Latin to Cyrillic', () => {
  it.each(BOTH)('%s → %s', (latin, cyrillic) => {
    expect(toCyrillic(latin)).toBe(cyrillic);
  });
  it.each(TO_CYRILLIC)('%s → %s', (latin, cyrillic) => {
    expect(toCyrillic(latin)).toBe(cyrillic);
  });
  it('converts the names of products too, when asked', () => {
    expect(toCyrillic('Telegram bot')).toBe('Telegram бот');
    expect(toCyrillic('Telegram bot', { names: 'converted' })).toBe('Телеграм бот');
    expect(toCyrillic('Telegram bot', { names: 'kept' })).toBe('Telegram бот');
  });
});

describe('Cyrillic to Latin', () => {
  it.each(BOTH)('%s ← %s', (latin, cyrillic) => {
    expect(toLatin(cyrillic)).toBe(latin);
  });
  it.each(TO_LATIN)('%s → %s', (cyrillic, latin) => {
    expect(toLatin(cyrillic)).toBe(latin);
  });
});

it('holds at least 200 golden cases in both directions together', () => {
  expect(BOTH.length * 2 + TO_CYRILLIC.length + TO_LATIN.length).toBeGreaterThanOrEqual(400);
  expect(BOTH.length).toBeGreaterThanOrEqual(200);
});

it('leaves text with no letters of the other script as it is', () => {
  expect(toCyrillic('2026 — 100% ✓')).toBe('2026 — 100% ✓');
  expect(toLatin('Toshkent, 2026')).toBe('Toshkent, 2026');
  expect(inScript('Salom', 'latn')).toBe('Salom');
  expect(inScript('Salom', 'cyrl')).toBe('Салом');
});

describe('the reader’s script', () => {
  it.each([
    [undefined, undefined, 'latn'],
    ['cyrl', undefined, 'cyrl'],
    ['latn', 'uz-Cyrl', 'latn'],
    [undefined, 'uz-Cyrl', 'cyrl'],
    [undefined, 'uz-Cyrl-UZ,uz;q=0.8', 'cyrl'],
    [undefined, 'ru,uz-Cyrl;q=0.9,en;q=0.5', 'cyrl'],
    [undefined, 'uz-Latn,uz-Cyrl;q=0.5', 'latn'],
    [undefined, 'uz;q=0.9,uz-Cyrl;q=0.8', 'latn'],
    [undefined, 'uz-cyrl;q=0', 'latn'],
    [undefined, 'en-US,en;q=0.9', 'latn'],
    ['bogus', 'uz-Cyrl', 'cyrl'],
  ] as const)('cookie %s, Accept-Language %s → %s', (cookie, header, script) => {
    expect(preferredScript(cookie, header)).toBe(script);
  });

  it('names the language tags', () => {
    expect(scriptLanguageTag('latn')).toBe('uz-Latn');
    expect(scriptLanguageTag('cyrl')).toBe('uz-Cyrl');
  });
});

it('converts only the site’s words around what people gave', () => {
  const text = `${asWritten('Shoxrux')} «${asWritten('Yangi loyiha')}» portfoliongizga izoh qoldirdi`;
  expect(convertAroundGiven(text, toCyrillic)).toBe('Shoxrux «Yangi loyiha» портфолионгизга изоҳ қолдирди');
  expect(convertAroundGiven(text, (words) => words)).toBe(
    'Shoxrux «Yangi loyiha» portfoliongizga izoh qoldirdi',
  );
  // A given value cannot forge the marks.
  expect(convertAroundGiven(asWritten('a\uE001b\uE000c'), toCyrillic)).toBe('abc');
});
