/** SPEC 2 "Contact" and SPEC 8 texts of the contact form (namespace `contact`, issue 26). */
export const contactStrings = {
  heading: 'Send us a message',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  companyName: 'Company name',
  serviceInterested: 'Service interested in',
  message: 'Message',
  send: 'Send Message',
  sending: 'Sending message...',
  sent: 'Message sent successfully!',
  failed: 'Failed to send message. Please try again.',
  /** The choices of "Service interested in"; the message carries the English one, whatever the language shown. */
  services: {
    streaming: 'Streaming subscription',
    titles: 'Buying or renting titles',
    partnerships: 'Partnerships',
    advertising: 'Advertising',
    press: 'Press',
    other: 'Something else',
  },
} as const;
