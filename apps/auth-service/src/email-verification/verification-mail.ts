import type { MailTexts } from '@app/server-core';

type VerificationFacts = { username: string; link: string };

/** The sign-up mail's link to prove the address (DECISIONS 33), in the account's language (issue 26). */
export const verificationMail: MailTexts<VerificationFacts> = {
  en: ({ username, link }) => ({
    subject: 'Verify your Streamly email',
    lines: [
      `Hello ${username},`,
      '',
      'Please confirm that this is your email address by opening this link within one day:',
      link,
      '',
      'Until you do, you can sign in and watch free titles, but not pay for a plan or a title.',
      '',
      'If you did not create a Streamly account, ignore this email.',
      '',
      'Streamly',
    ],
  }),
  hi: ({ username, link }) => ({
    subject: 'अपना Streamly ईमेल सत्यापित करें',
    lines: [
      `नमस्ते ${username},`,
      '',
      'कृपया एक दिन के भीतर यह लिंक खोलकर पुष्टि करें कि यह ईमेल पता आपका है:',
      link,
      '',
      'तब तक आप साइन इन करके मुफ़्त टाइटल देख सकते हैं, पर किसी प्लान या टाइटल के लिए भुगतान नहीं कर सकते।',
      '',
      'अगर आपने Streamly खाता नहीं बनाया है, तो इस ईमेल को अनदेखा करें।',
      '',
      'Streamly',
    ],
  }),
};
