import type { ReminderLanguage } from '@app/contracts';
import type { OutgoingMail } from '@app/server-core';

type ReminderFacts = { to: string; title: string; kind: 'movie' | 'series'; link: string };

/** The reminder mail in each language mails are written in (issue 28: the profile's interface language). */
const TEXTS: Record<ReminderLanguage, (facts: ReminderFacts) => { subject: string; lines: string[] }> = {
  en: ({ title, kind, link }) => ({
    subject: `${title} is now streaming on Streamly`,
    lines: [
      'Hello,',
      '',
      `You asked us to remind you: the ${kind === 'series' ? 'series' : 'film'} "${title}" is now live on Streamly.`,
      '',
      `Watch it here: ${link}`,
      '',
      'You received this because you pressed "Remind me" on it. — Streamly',
    ],
  }),
  hi: ({ title, kind, link }) => ({
    subject: `${title} अब Streamly पर उपलब्ध है`,
    lines: [
      'नमस्ते,',
      '',
      `आपने याद दिलाने को कहा था: ${kind === 'series' ? 'सीरीज़' : 'फ़िल्म'} "${title}" अब Streamly पर उपलब्ध है।`,
      '',
      `यहाँ देखें: ${link}`,
      '',
      'यह मेल इसलिए आया क्योंकि आपने इस पर "मुझे याद दिलाएँ" दबाया था। — Streamly',
    ],
  }),
};

export const reminderMail = (language: ReminderLanguage, facts: ReminderFacts): OutgoingMail => {
  const { subject, lines } = (TEXTS[language] ?? TEXTS.en)(facts);
  return { to: facts.to, subject, text: lines.join('\n') };
};
