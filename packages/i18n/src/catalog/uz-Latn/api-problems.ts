/**
 * What the API says when it refuses a request (an RFC 9457 problem's `title` and `detail`, or the plain
 * text the original site's client shows). Clients act on the problem's `code`, which is the same in
 * every language; these words are for the people reading them.
 */
export const apiProblems = {
  // A problem's title, by its HTTP status.
  'problem.title.badRequest': 'Noto‘g‘ri so‘rov',
  'problem.title.unauthorized': 'Avtorizatsiya talab qilinadi',
  'problem.title.forbidden': 'Ruxsat yo‘q',
  'problem.title.notFound': 'Topilmadi',
  'problem.title.methodNotAllowed': 'Usul qo‘llab-quvvatlanmaydi',
  'problem.title.conflict': 'Ziddiyat',
  'problem.title.tooLarge': 'Juda katta',
  'problem.title.unsupportedMediaType': 'Qo‘llab-quvvatlanmaydigan format',
  'problem.title.invalid': 'Ma’lumotlar noto‘g‘ri',
  'problem.title.tooManyRequests': 'Juda ko‘p so‘rov',
  'problem.title.serverError': 'Server xatosi',
  'problem.title.badGateway': 'Tashqi manba javob bermadi',
  'problem.title.unavailable': 'Xizmat vaqtincha ishlamayapti',
  'problem.title.other': 'Xato',

  // A request the server cannot read. Header names, media types and JSON are the protocol's own words.
  'problem.route.notFound': 'Bunday manzil topilmadi',
  'problem.route.malformed': 'So‘rov manzili noto‘g‘ri',
  'problem.json.malformed': 'JSON noto‘g‘ri yozilgan',
  'problem.body.empty': 'So‘rov tanasi bo‘sh',
  'problem.body.tooLarge': 'So‘rov tanasi juda katta',
  'problem.body.mediaType': 'Bu Content-Type qo‘llab-quvvatlanmaydi: JSON, form yoki multipart yuboring',
  'problem.body.contentLength': 'Content-Length noto‘g‘ri',
  'problem.body.notUtf8': 'So‘rov matni UTF-8 emas: yaroqsiz baytlar bor',
  'problem.body.forbiddenKey': 'So‘rovda taqiqlangan kalit bor',
  'problem.multipart.fileTooLarge': 'Fayl juda katta: ko‘pi bilan {megabytes} MB',
  'problem.multipart.tooManyFiles': 'Fayllar soni juda ko‘p',
  'problem.multipart.tooManyParts': 'So‘rov qismlari juda ko‘p',
  'problem.multipart.tooManyFields': 'Maydonlar soni juda ko‘p',
  'problem.multipart.jsonField': 'application/json deb belgilangan maydonda JSON noto‘g‘ri yozilgan',
  'problem.multipart.expected': 'multipart/form-data kutilgan edi',
  'problem.multipart.broken': 'multipart/form-data tanasi buzilgan',
  // {seconds}: how long to wait before trying again.
  'problem.rateLimited': 'Juda ko‘p urinish. {seconds} soniyadan keyin qayta urinib ko‘ring',
  'problem.cursor.invalid': 'Sahifa ko‘rsatkichi (cursor) noto‘g‘ri yoki boshqa ro‘yxatga tegishli',
  'problem.internal': 'Serverda kutilmagan xato yuz berdi. Birozdan keyin qayta urinib ko‘ring',
  'problem.deletedMeanwhile': 'Amal bajarilmadi: u bog‘liq bo‘lgan ma’lumot hozirgina o‘chirildi',
  'problem.unavailable.database':
    'Ma’lumotlar bazasi vaqtincha javob bermayapti. Bir necha soniyadan keyin qayta urinib ko‘ring',
  'problem.unavailable.storage':
    'Serverda joy qolmadi: fayllarni hozir saqlab bo‘lmaydi. Birozdan keyin qayta urinib ko‘ring',
  'problem.metrics.token': 'Ko‘rsatkichlar uchun token kerak',

  // Who may do what.
  'problem.signIn': 'Avval tizimga kiring',
  'problem.session': 'Avval tizimga kiring: token yo‘q yoki eskirgan',
  'problem.forbidden': 'Bu amal uchun ruxsatingiz yo‘q',
  'problem.adminsOnly': 'Bu amal faqat adminlar uchun',
  'problem.credentials': 'Email (yoki foydalanuvchi nomi) yoki parol noto‘g‘ri',
  'problem.password.wrong': 'Joriy parol noto‘g‘ri',
  'problem.password.common': 'Bu parol juda keng tarqalgan yoki oson topiladi. Boshqa parol tanlang',
  'problem.confirmWithTelegram': 'Bu amalni tasdiqlash uchun Telegram orqali qaytadan kiring',
  'problem.email.notVerified': 'Email tasdiqlanmagan yoki tasdiqlash havolasi eskirgan',
  'problem.email.taken': 'Bu email bilan hisob allaqachon mavjud',
  'problem.email.same': 'Bu sizning hozirgi email manzilingiz',
  'problem.link.invalid': 'Havola eskirgan yoki allaqachon ishlatilgan. Yangi havola so‘rang',
  'problem.unsubscribe.invalid': 'Obunani bekor qilish havolasi noto‘g‘ri yoki eskirgan',
  // {until}: a date and time; {reason}: the admin's words, as written.
  'problem.blocked.until': 'Sizga {until} gacha saytda yozish taqiqlangan. Sabab: {reason}',
  'problem.blocked.forever': 'Sizga saytda yozish butunlay taqiqlangan. Sabab: {reason}',
  'problem.telegram.off': 'Telegram orqali kirish bu saytda yoqilmagan',
  'problem.telegram.forged': 'Telegram ma’lumotlari tasdiqlanmadi',
  'problem.telegram.stale': 'Telegram orqali kirish muddati o‘tgan: qaytadan urinib ko‘ring',
  'problem.telegram.replayed': 'Bu Telegram kirishi allaqachon ishlatilgan: qaytadan urinib ko‘ring',
  'problem.telegram.taken': 'Bu Telegram hisobi boshqa foydalanuvchiga bog‘langan',
  'problem.telegram.otherLinked': 'Hisobingizga boshqa Telegram hisobi bog‘langan: avval uni uzing',
  'problem.telegram.onlyWay':
    'Telegram — hisobingizga kirishning yagona yo‘li: uzishdan oldin parol o‘rnating',
  // A new account from Telegram found no free username to take.
  'problem.telegram.noUsername': 'Bo‘sh foydalanuvchi nomi topilmadi',
  'problem.telegramChat.off': 'Bu saytda Telegram boti sozlanmagan',
  'problem.telegramChat.secret': 'So‘rov Telegram’dan kelmagan',

  // What was asked for, or done.
  'problem.user.notFound': 'Foydalanuvchi topilmadi',
  'problem.follow.self': 'O‘zingizni kuzata olmaysiz',
  'problem.block.self': 'O‘zingizni bloklay yoki ovozsiz qila olmaysiz',
  // A block between the two, told alike to either: it says no more than that the action is refused.
  'problem.block.refused': 'Bu foydalanuvchi bilan bu amalni bajarib bo‘lmaydi',
  'problem.technology.notFound': 'Texnologiya topilmadi',
  'problem.technology.mergeSelf': 'Texnologiyani o‘ziga birlashtirib bo‘lmaydi',
  'problem.technology.mergeIntoAlias':
    '«{name}» — «{kept}» nomining boshqa yozilishi: «{kept}»ga birlashtiring',
  // An address of a sitemap's part, or of a preview card, that does not exist.
  'problem.sitemap.notFound': 'Bunday sitemap fayli yo‘q',
  'problem.page.notFound': 'Bunday sahifa yo‘q',
  'problem.portfolio.notFound': 'Portfolio topilmadi',
  'problem.portfolio.busy':
    'Shu nomdagi portfoliolar hozir ko‘p yaratilmoqda. Birozdan keyin qayta urinib ko‘ring',
  'problem.portfolio.tooManyImages': 'Ko‘pi bilan {max} ta rasm yuklash mumkin',
  'problem.portfolio.editForbidden': 'Faqat portfolio muallifi yoki admin o‘zgartira oladi',
  'problem.portfolio.deleteForbidden': 'Faqat portfolio muallifi yoki admin o‘chira oladi',
  'problem.coauthor.tooMany': 'Ko‘pi bilan {max} ta hammuallif taklif qilish mumkin',
  'problem.coauthor.self': 'O‘zingizni hammuallif qilib taklif qila olmaysiz',
  'problem.coauthor.unknownUser': 'Bunday foydalanuvchi topilmadi',
  'problem.coauthor.duplicate': 'Bu foydalanuvchi allaqachon taklif qilingan',
  'problem.coauthor.forbidden': 'Hammualliflarni faqat portfolio egasi taklif qila oladi',
  'problem.coauthor.notInvited': 'Sizga bu portfolio bo‘yicha taklif yo‘q',
  'problem.draft.notFound': 'Qoralama topilmadi',
  'problem.draft.tooMany': 'Ko‘pi bilan {max} ta qoralama saqlash mumkin. Keraksizlarini o‘chiring',
  'problem.draft.images': 'Qoralamaga rasm saqlanmaydi: rasmlarni e’lon qilishda yuklang',
  'problem.views.forbidden': 'Ko‘rishlar sonini faqat portfolio muallifi yoki admin ko‘ra oladi',
  'problem.comment.notFound': 'Izoh topilmadi',
  'problem.comment.deleteForbidden': 'Faqat izoh muallifi yoki admin o‘chira oladi',
  'problem.comment.editForbidden': 'Izohni faqat uning muallifi tahrirlay oladi',
  'problem.comment.parentGone': 'Javob berilayotgan izoh bu portfolioda yo‘q yoki o‘chirilgan',
  // `index` and `commentId` are the API's parameters.
  'problem.comment.which': 'index yoki commentId kerak',
  'problem.report.own': 'O‘zingizning sahifangiz yoki yozganingiz ustidan shikoyat qilib bo‘lmaydi',
  'problem.moderation.otherAdmin': 'Boshqa adminning sahifasi yoki yozganini yashirib bo‘lmaydi',
  'problem.moderation.alreadyHidden': 'Bu allaqachon yashirilgan',
  'problem.moderation.notHidden': 'Bu yashirilmagan',
  'problem.moderation.deleteAccount': 'Hisobni o‘chirib bo‘lmaydi: uni yashiring yoki bloklang',
  'problem.moderation.noOpenReports': 'Bunga ochiq shikoyat yo‘q',
  'problem.moderation.blockAdmin': 'Adminni bloklab bo‘lmaydi',
  'problem.moderation.notBlocked': 'Bu foydalanuvchi bloklanmagan',
  // An admin's check of a person's affiliation (IT Park, a company, a university).
  'problem.affiliation.none': 'Bu foydalanuvchi tashkilot ko‘rsatmagan',
  'problem.affiliation.changed':
    'Tashkilot ma’lumotlari hozirgina o‘zgardi: sahifani yangilab, qayta tekshiring',

  // Pictures: uploaded ones, and those a description shows from another site.
  'problem.image.notFound': 'Rasm topilmadi',
  'problem.image.unsupported': 'Rasm formati qo‘llab-quvvatlanmaydi: JPEG, PNG, WebP, AVIF yoki GIF yuklang',
  'problem.image.tooMany': 'Bir vaqtda ko‘pi bilan {max} ta rasm yuklash mumkin',
  'problem.image.tooLarge': 'Rasm juda katta: ko‘pi bilan {megabytes} MB va {megapixels} megapiksel',
  'problem.remoteImage.refused':
    'Bu manzildagi rasm olinmaydi: faqat ochiq internetdagi http(s) manzillardan rasm olinadi',
  'problem.remoteImage.noAnswer': 'Rasmni manbadan olib bo‘lmadi: manba javob bermadi',
  'problem.remoteImage.noLocation': 'Rasmni manbadan olib bo‘lmadi: yo‘naltirish manzilsiz',
  'problem.remoteImage.tooManyRedirects': 'Rasmni manbadan olib bo‘lmadi: juda ko‘p yo‘naltirish',
  // {status}: the HTTP status the other site answered with.
  'problem.remoteImage.status': 'Rasmni manbadan olib bo‘lmadi: manba {status} javob berdi',
  'problem.remoteImage.slow': 'Rasmni manbadan olib bo‘lmadi: manba juda sekin javob berdi',
  'problem.remoteImage.unknownHost': 'Rasmni manbadan olib bo‘lmadi: manba nomi topilmadi',
  'problem.remoteImage.incomplete': 'Rasmni manbadan olib bo‘lmadi: javob oxirigacha kelmadi',
  'problem.remoteImage.tooLarge':
    'Manbadagi rasm juda katta: ko‘pi bilan {megabytes} MB va {megapixels} megapiksel',
  'problem.remoteImage.notImage': 'Manzildagi fayl rasm emas: JPEG, PNG, WebP, AVIF yoki GIF bo‘lishi kerak',
  'problem.oembed.address':
    'Bu manzil Portfolio Master’dagi portfolio yoki profil emas: oEmbed faqat ularga javob beradi',
  'problem.oembed.format': 'oEmbed faqat format=json bilan javob beradi',
} as const;
