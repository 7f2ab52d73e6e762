import type { MailTexts } from '@app/server-core';

type OtpFacts = { username: string; otp: string };

/** The forgot-password code (valid 10 minutes, OTP_TTL_SECONDS), in the account's language (issue 26). */
export const otpMail: MailTexts<OtpFacts> = {
  en: ({ username, otp }) => ({
    subject: 'Your Streamly password reset code',
    lines: [
      `Hello ${username},`,
      '',
      `Your one-time password is ${otp}. It is valid for 10 minutes.`,
      '',
      'If you did not ask to reset your password, ignore this email.',
      '',
      'Streamly',
    ],
  }),
  hi: ({ username, otp }) => ({
    subject: 'आपका Streamly पासवर्ड रीसेट कोड',
    lines: [
      `नमस्ते ${username},`,
      '',
      `आपका वन-टाइम पासवर्ड ${otp} है। यह 10 मिनट तक मान्य है।`,
      '',
      'अगर आपने पासवर्ड रीसेट करने को नहीं कहा था, तो इस ईमेल को अनदेखा करें।',
      '',
      'Streamly',
    ],
  }),
};
