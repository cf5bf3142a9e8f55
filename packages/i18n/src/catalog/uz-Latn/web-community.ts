/** What people do together: comments, notifications, reports and the notices moderation leaves. */
export const webCommunity = {
  'comments.title': 'Izohlar ({count})',
  'comments.more': 'Ko‘proq izohlar',
  'comments.empty': 'Hozircha izohlar mavjud emas',
  'comments.loginPrompt': 'Izoh yozish uchun tizimga kiring!',
  'comments.label': 'Izohingiz',
  'comments.placeholder': 'Izoh yozing...',
  'comments.submit': 'Yuborish',
  'comments.delete': 'Izohni o‘chirish',
  'comments.deleteConfirm': 'Bu izohni o‘chirmoqchimisiz?',
  'comments.edit': 'Tahrirlash',
  'comments.editLabel': 'Izohni tahrirlash',
  'comments.save': 'Tahrirni saqlash',
  'comments.cancel': 'Bekor qilish',
  'comments.edited': 'tahrirlangan',
  'comments.reply': 'Javob berish',
  'mentions.label': 'Eslatish uchun foydalanuvchilar',
  'mentions.hint':
    '@ va ismni yozsangiz, foydalanuvchilar taklif qilinadi: yuqori va pastga bilan tanlang, Enter bilan qo‘ying',
  'mentions.count': '{count, plural, other {# ta taklif}}',
  'comments.replyLabel': 'Javobingiz',
  'comments.replyPlaceholder': 'Javob yozing...',
  'comments.replySubmit': 'Javobni yuborish',
  'comments.replies': 'Javoblar',
  'comments.earlierReplies': 'Oldingi javoblar',
  'comments.deleted': 'Izoh o‘chirilgan',

  'notifications.title': 'Bildirishnomalar',
  // The bell's name for screen readers.
  'notifications.bell': '{unread, plural, =0 {Bildirishnomalar} other {Bildirishnomalar: # ta o‘qilmagan}}',
  'notifications.unread': 'o‘qilmagan',
  'notifications.empty':
    'Hozircha bildirishnomalar yo‘q. Portfoliolaringizga izoh yoki yoqtirish kelsa, shu yerda ko‘rinadi.',
  // {actor} is a person's name, {title} a portfolio's.
  'notifications.comment': '{actor} «{title}» portfoliongizga izoh qoldirdi',
  'notifications.reply': '{actor} siz izoh qoldirgan «{title}» portfoliosida yozdi',
  'notifications.mention': '{actor} sizni «{title}» portfoliosidagi izohda eslatib o‘tdi',
  'notifications.mentionDescription': '{actor} sizni «{title}» portfoliosi tavsifida eslatib o‘tdi',
  'notifications.like':
    '{actor}{others, plural, =0 {} other { va yana # kishi}} «{title}» portfoliongizni yoqtirdi',
  'notifications.post': '{actor} yangi portfolio joyladi: «{title}»',
  'notifications.invite': '{actor} sizni «{title}» portfoliosiga hammuallif bo‘lishga taklif qildi',
  'notifications.settingsSection': 'Xat orqali bildirishnomalar',
  'notifications.settingsLead':
    'Qaysi voqealar haqida emailingizga xat kelsin. Saytdagi bildirishnomalar har doim ko‘rinadi.',
  'notifications.kinds.comment': 'Portfoliomga izoh qoldirilsa',
  'notifications.kinds.like': 'Portfoliom yoqtirilsa',
  'notifications.kinds.reply': 'Men izoh qoldirgan joyda yangi izoh yozilsa',
  'notifications.kinds.mention': 'Kimdir meni @username bilan eslatib o‘tsa',
  'notifications.kinds.post': 'Kuzatayotgan muallifim yangi portfolio joylasa',
  'notifications.settingsSaved': 'Sozlamalar saqlandi',
  'notifications.unsubscribeTitle': 'Xatlardan voz kechish',
  'notifications.unsubscribing': 'Bajarilmoqda…',
  // {kind} is one of the kinds above.
  'notifications.unsubscribed':
    'Endi «{kind}» haqida xat olmaysiz. Buni profilingizdagi hisob sozlamalarida qayta yoqishingiz mumkin.',

  'report.open': 'Shikoyat qilish',
  'report.openComment': 'Izohga shikoyat qilish',
  'report.title': 'Shikoyat qilish',
  // What is reported: a portfolio's title, the start of a comment, a person's name.
  'report.about.portfolio': 'Portfolio: «{label}»',
  'report.about.comment': 'Izoh: «{label}»',
  'report.about.user': 'Foydalanuvchi: {label}',
  'report.reason': 'Sabab',
  'report.reasons.spam': 'Spam yoki reklama',
  'report.reasons.offensive': 'Haqoratli yoki nomaqbul',
  'report.reasons.copyright': 'Birovning ishi (mualliflik huquqi)',
  'report.reasons.personal': 'Shaxsiy ma’lumotlar oshkor qilingan',
  'report.reasons.other': 'Boshqa sabab',
  'report.reasonRequired': 'Shikoyat sababini tanlang',
  'report.details': 'Izoh (ixtiyoriy)',
  'report.detailsHint': 'Ko‘pi bilan {max} belgi',
  'report.submit': 'Yuborish',
  'report.sent': 'Shikoyatingiz yuborildi. Rahmat!',

  // {reason} is the moderator's own words; {date} a day and time.
  'notices.portfolioHidden': 'Bu portfolio moderator tomonidan yashirilgan. Sabab: {reason}',
  'notices.profileHidden': 'Profilingiz moderator tomonidan yashirilgan. Sabab: {reason}',
  'notices.blockedUntil': 'Sizga {date}gacha yozish taqiqlangan. Sabab: {reason}',
  'notices.blockedForGood': 'Sizga yozish butunlay taqiqlangan. Sabab: {reason}',

  // The bot's chat in the notification settings: linking it with a one-time start link, and unlinking.
  'telegramChat.title': 'Telegram orqali bildirishnomalar',
  'telegramChat.lead': 'Izohlar, javoblar va yoqtirishlar haqida saytning boti Telegramda yozadi.',
  'telegramChat.link': 'Telegram orqali olish',
  'telegramChat.open': 'Botni ochish',
  'telegramChat.waiting':
    'Telegramda «Start» tugmasini bosing: ulangach, shu yerda ko‘rinadi. Havola 15 daqiqa amal qiladi.',
  'telegramChat.linked': 'Telegram ulangan',
  'telegramChat.kinds': 'Bot nimalar haqida yozsin',
  'telegramChat.unlink': 'Telegram orqali olishni to‘xtatish',
} as const;
