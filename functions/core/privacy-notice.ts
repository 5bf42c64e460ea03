/**
 * The privacy notice every form links to and the consent ledger records by version and hash: which data each
 * form takes (from the field declarations' personal-data flags), for which purposes, how long it is kept
 * (retention.ts), who processes it, how to withdraw, how to exercise one's rights and how to complain to the
 * Data Protection Board of India. In English and Hindi (the Digital Personal Data Protection Act, 2023 s. 5(3):
 * English or a language of the Eighth Schedule on request); the Hindi text binds only once an owner has
 * approved it, English until then. Pure data and text: the notice page and the Lambdas that record a consent
 * read the same words.
 */
import { type CompanyPrivacy, companyFacts, privacyContact } from './company'
import { contactFields } from './contact-fields'
import type { FieldDeclarations, PersonalData } from './field-declarations'
import { newsletterFields } from './newsletter-fields'
import { quoteFields } from './quote-fields'
import { retentionDefaults } from './retention'

/** The notice's version: a new one whenever its text changes (a test pins the text's hash to it). */
export const privacyNoticeVersion = 'privacy-2026-11-27'

export const noticeLanguages = ['en', 'hi'] as const
export type NoticeLanguage = (typeof noticeLanguages)[number]

export const noticeLanguageNames: Readonly<Record<NoticeLanguage, string>> = { en: 'English', hi: 'हिन्दी' }

/**
 * The purposes a form's data serves. `reply` is the legitimate use the Act allows for data a person gives for
 * a purpose (s. 7(a)): answering their own request, on the channels they gave; it is stated, never a box. The
 * others are consents: unticked by default, each withdrawable on its own.
 */
export const consentPurposes = ['whatsapp-updates', 'newsletter'] as const
export type ConsentPurpose = (typeof consentPurposes)[number]
export type DataPurpose = 'reply' | ConsentPurpose

/**
 * The forms that take personal data, and the purposes each may ask for: the quote form takes no e-mail
 * address, so no newsletter; the newsletter box's one purpose is the newsletter, which sending it asks for.
 */
export const noticeForms = {
  quote: { fields: quoteFields, purposes: ['whatsapp-updates'] },
  contact: { fields: contactFields, purposes: ['whatsapp-updates', 'newsletter'] },
  newsletter: { fields: newsletterFields, purposes: ['newsletter'] },
} as const satisfies Record<string, { fields: FieldDeclarations; purposes: readonly ConsentPurpose[] }>
export type NoticeForm = keyof typeof noticeForms

/** The sorts of personal data a form takes, in a stable order (what its notice lists). */
export function personalDataOf(form: NoticeForm): PersonalData[] {
  const sorts = new Set(
    Object.values(noticeForms[form].fields as FieldDeclarations).flatMap((field) =>
      field.personal ? [field.personal] : [],
    ),
  )
  return personalDataOrder.filter((sort) => sorts.has(sort))
}
const personalDataOrder: readonly PersonalData[] = ['name', 'phone', 'email', 'place', 'message']

/** A processor: who handles the data for the company, what it receives, and why. */
export interface Processor {
  readonly name: string
  readonly receives: Readonly<Record<NoticeLanguage, string>>
  /** Whether it is always used, or only when the company turns the channel on. */
  readonly when: 'always' | 'when-used'
}

/** Where the stack runs: the AWS Region the company deploys to (README: Mumbai, `ap-south-1`, for India). */
export const hostingRegion = 'Asia Pacific (Mumbai)'

/** The register of processors (also in the README): the notice links to it. */
export const processors: readonly Processor[] = [
  {
    name: `Amazon Web Services (${hostingRegion})`,
    receives: {
      en: 'Stores and runs everything: the forms you send, the staff workspace and its backups.',
      hi: 'सब कुछ संग्रहीत और संचालित करता है: आपके भेजे फ़ॉर्म, स्टाफ़ का कार्यक्षेत्र और उसके बैकअप।',
    },
    when: 'always',
  },
  {
    name: 'Amazon Simple Notification Service and Simple Email Service',
    receives: {
      en: 'Sends our staff an alert about your request (no phone number or e-mail in it), sends you e-mail you asked for and, where the company has turned it on, the one-time code you ask for by SMS.',
      hi: 'हमारे स्टाफ़ को आपके अनुरोध की सूचना भेजता है (उसमें फ़ोन नंबर या ई-मेल नहीं होता), आपको वह ई-मेल भेजता है जो आपने माँगा और, जहाँ कंपनी ने इसे चालू किया है, एसएमएस से वह एक बार का कोड जो आप माँगते हैं।',
    },
    when: 'always',
  },
  {
    name: 'WhatsApp (Meta Platforms)',
    receives: {
      en: 'Carries the messages when you write to us on WhatsApp, or we answer you there, and the one-time code you ask for where the company sends codes by WhatsApp.',
      hi: 'जब आप हमें व्हाट्सऐप पर लिखते हैं या हम वहाँ उत्तर देते हैं, तब संदेश पहुँचाता है, और जहाँ कंपनी व्हाट्सऐप से कोड भेजती है, वहाँ आपका माँगा हुआ एक बार का कोड भी।',
    },
    when: 'when-used',
  },
]

/**
 * The languages an owner has approved besides English, for the notice's current text: an approval names the
 * version it was given for (company.ts `privacy.approvedNoticeVersion`), and a new version (new words) needs
 * a new approval, so an owner never stands behind words they did not read.
 */
export function approvedLanguagesOf(privacy: CompanyPrivacy | undefined, version: string): NoticeLanguage[] {
  if (privacy?.approvedNoticeVersion !== version) return []
  return noticeLanguages.filter((language) => privacy.approvedNoticeLanguages?.includes(language))
}

/** The languages an owner has approved besides English for this version of the notice. */
export const approvedNoticeLanguages: readonly NoticeLanguage[] = approvedLanguagesOf(
  companyFacts.privacy,
  privacyNoticeVersion,
)

/** Where a person withdraws a consent and where they ask about their data (the site's pages). */
export const privacyPaths = {
  notice: '/privacy',
  choices: '/privacy/choices',
  request: '/privacy/request',
  /** Where the retention sweep's ask leads: the person says they still want to hear from us. */
  keep: '/privacy/keep',
} as const

export interface NoticeSection {
  readonly heading: string
  readonly paragraphs: readonly string[]
}

export interface PrivacyNotice {
  readonly version: string
  readonly language: NoticeLanguage
  /** Whether this language's text binds: English always, another once an owner has approved it. */
  readonly approved: boolean
  readonly title: string
  readonly sections: readonly NoticeSection[]
}

/** Each sort of personal data as the notice names it (and the breach drill's notices). */
export const personalDataNames: Readonly<Record<NoticeLanguage, Readonly<Record<PersonalData, string>>>> = {
  en: {
    name: 'your name',
    phone: 'phone or WhatsApp number',
    email: 'e-mail',
    place: 'PIN code and address',
    message: 'what you write to us',
  },
  hi: {
    name: 'आपका नाम',
    phone: 'फ़ोन या व्हाट्सऐप नंबर',
    email: 'ई-मेल',
    place: 'पिन कोड और पता',
    message: 'आप हमें जो लिखते हैं',
  },
}

const formNames: Readonly<Record<NoticeLanguage, Readonly<Record<NoticeForm, string>>>> = {
  en: { quote: 'The quote form', contact: 'The contact form', newsletter: 'The newsletter signup' },
  hi: { quote: 'कोटेशन फ़ॉर्म', contact: 'संपर्क फ़ॉर्म', newsletter: 'न्यूज़लेटर सदस्यता' },
}

const years = (months: number) => months / 12

/**
 * The notice in one language. `approvedLanguages`: the languages an owner has approved besides English (a
 * setting); a text in any other is shown marked as awaiting approval.
 */
export function privacyNotice(
  language: NoticeLanguage,
  approvedLanguages: readonly NoticeLanguage[] = [],
): PrivacyNotice {
  const company = companyFacts.name
  const periods = retentionDefaults
  const list = (form: NoticeForm) =>
    `${formNames[language][form]}: ${personalDataOf(form)
      .map((sort) => personalDataNames[language][sort])
      .join(', ')}.`
  const processorLines = processors.map(
    (processor) =>
      `${processor.name}${processor.when === 'when-used' ? (language === 'en' ? ' (only when used)' : ' (केवल उपयोग होने पर)') : ''}: ${processor.receives[language]}`,
  )
  const contact = `${privacyContact.name}: ${privacyContact.email}, ${privacyContact.phone}`
  const sections: NoticeSection[] =
    language === 'en'
      ? [
          {
            heading: 'What we collect',
            paragraphs: [
              ...(['quote', 'contact', 'newsletter'] as const).map(list),
              'The solar calculator keeps nothing unless you send its report with a quote request.',
            ],
          },
          {
            heading: 'Why',
            paragraphs: [
              `To answer your own request, on the phone, WhatsApp or e-mail you gave us. You gave these details for that purpose, so we need no separate consent for it; it is why ${company} keeps them.`,
              'Only if you tick its box: WhatsApp updates and offers, and our newsletter with offers. Both boxes start unticked, and you can withdraw either at any time without affecting the answer to your request.',
              'The forms ask you to confirm that you are 18 or older: we do not knowingly collect data of children.',
            ],
          },
          {
            heading: 'How long we keep it',
            paragraphs: [
              `A request that ends without a sale: ${periods.lostMonths} months after it closes. A sale: ${years(periods.wonMonths)} years (invoice, warranty, subsidy inspection and the books of account the law asks us to keep). A request nobody has acted on for ${periods.untouchedMonths} months: we ask you to confirm, and erase it if you do not. The newsletter: until you withdraw. Then it is erased by itself.`,
            ],
          },
          {
            heading: 'Who processes it for us',
            paragraphs: processorLines,
          },
          {
            heading: 'Withdraw a consent',
            paragraphs: [
              `At ${privacyPaths.choices}: enter the phone or e-mail you used and withdraw each consent in one click. Every message we send carries a link to the same page. Withdrawing is as easy as giving.`,
            ],
          },
          {
            heading: 'Your rights',
            paragraphs: [
              `At ${privacyPaths.request} you can ask for a summary of your data and whom we shared it with, correct it, have it erased, or nominate someone to act for you. We check it is you with a one-time code and answer within 90 days (our aim is 7).`,
            ],
          },
          {
            heading: 'Complaints',
            paragraphs: [
              `Write first to ${contact}. If our answer does not resolve it, you may complain to the Data Protection Board of India.`,
            ],
          },
        ]
      : [
          {
            heading: 'हम क्या एकत्र करते हैं',
            paragraphs: [
              ...(['quote', 'contact', 'newsletter'] as const).map(list),
              'सोलर कैलकुलेटर कुछ भी नहीं रखता, जब तक आप उसकी रिपोर्ट कोटेशन अनुरोध के साथ नहीं भेजते।',
            ],
          },
          {
            heading: 'क्यों',
            paragraphs: [
              `आपके अपने अनुरोध का उत्तर देने के लिए, उसी फ़ोन, व्हाट्सऐप या ई-मेल पर जो आपने दिया। आपने ये विवरण इसी उद्देश्य के लिए दिए हैं, इसलिए इसके लिए अलग सहमति की आवश्यकता नहीं है; ${company} इन्हें इसी कारण रखता है।`,
              'केवल तभी जब आप उसका बॉक्स चुनें: व्हाट्सऐप पर अपडेट और ऑफ़र, और ऑफ़र सहित हमारा न्यूज़लेटर। दोनों बॉक्स खाली रहते हैं, और आप किसी भी समय इन्हें वापस ले सकते हैं; इससे आपके अनुरोध के उत्तर पर कोई असर नहीं पड़ता।',
              'फ़ॉर्म आपसे पुष्टि करवाते हैं कि आपकी आयु 18 वर्ष या अधिक है: हम जानबूझकर बच्चों का डेटा एकत्र नहीं करते।',
            ],
          },
          {
            heading: 'हम इसे कितने समय तक रखते हैं',
            paragraphs: [
              `बिक्री के बिना समाप्त हुआ अनुरोध: बंद होने के ${periods.lostMonths} महीने बाद तक। बिक्री: ${years(periods.wonMonths)} वर्ष (बिल, वारंटी, सब्सिडी निरीक्षण और वे लेखा-पुस्तकें जिन्हें रखना क़ानून माँगता है)। जिस अनुरोध पर ${periods.untouchedMonths} महीने तक कोई कार्रवाई नहीं हुई: हम आपसे पुष्टि माँगते हैं, और पुष्टि न होने पर उसे मिटा देते हैं। न्यूज़लेटर: जब तक आप सहमति वापस न लें। उसके बाद डेटा अपने-आप मिट जाता है।`,
            ],
          },
          {
            heading: 'हमारे लिए इसे कौन संसाधित करता है',
            paragraphs: processorLines,
          },
          {
            heading: 'सहमति वापस लें',
            paragraphs: [
              `${privacyPaths.choices} पर: वह फ़ोन या ई-मेल दर्ज करें जो आपने दिया था, और हर सहमति एक क्लिक में वापस लें। हमारे हर संदेश में इसी पेज का लिंक होता है। सहमति वापस लेना उतना ही आसान है जितना देना।`,
            ],
          },
          {
            heading: 'आपके अधिकार',
            paragraphs: [
              `${privacyPaths.request} पर आप अपने डेटा का सारांश और हमने उसे किसके साथ साझा किया, यह माँग सकते हैं; उसे सुधरवा सकते हैं, मिटवा सकते हैं, या अपनी ओर से कार्य करने के लिए किसी को नामित कर सकते हैं। हम एक बार के कोड से पुष्टि करते हैं कि अनुरोध आपका है और 90 दिनों के भीतर उत्तर देते हैं (हमारा लक्ष्य 7 दिन है)।`,
            ],
          },
          {
            heading: 'शिकायत',
            paragraphs: [
              `पहले ${contact} को लिखें। यदि हमारे उत्तर से समाधान न हो, तो आप भारतीय डेटा संरक्षण बोर्ड (Data Protection Board of India) से शिकायत कर सकते हैं।`,
            ],
          },
        ]
  return {
    version: privacyNoticeVersion,
    language,
    approved: language === 'en' || approvedLanguages.includes(language),
    title: language === 'en' ? `${company}: privacy notice` : `${company}: गोपनीयता सूचना`,
    sections,
  }
}

/** The notice as one text, the exact words the consent ledger hashes: title, then each heading and its paragraphs. */
export function noticeText(notice: PrivacyNotice): string {
  return [
    notice.title,
    ...notice.sections.flatMap((section) => [section.heading, ...section.paragraphs]),
  ].join('\n')
}
