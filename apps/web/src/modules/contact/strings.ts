/** SPEC 2 "Contact" and SPEC 8 texts of the contact form. */
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
  services: [
    'Streaming subscription',
    'Buying or renting titles',
    'Partnerships',
    'Advertising',
    'Press',
    'Something else',
  ],
} as const;
