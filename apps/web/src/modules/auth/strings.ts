import type { CaptchaProvider } from '@app/contracts';

/** Captcha texts per provider: SPEC's sentences for reCAPTCHA, the same with the name changed for ALTCHA (DECISIONS 19). */
const captchaMessages: Record<CaptchaProvider, { expired: string; loadError: string }> = {
  recaptcha: { expired: 'reCAPTCHA expired, please verify again', loadError: 'Error loading reCAPTCHA' },
  altcha: { expired: 'Captcha expired, please verify again', loadError: 'Error loading captcha' },
};

/** Texts of sign-in, sign-up and the account's emails (namespace `auth`, issue 26). */
export const authStrings = {
  email: 'Email',
  password: 'Password',
  username: 'Username',
  required: '{{field}} is required',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least {{min}} characters',
  usernameTooShort: 'Username must be at least {{min}} characters',
  passwordHint: 'At least {{min}} characters.',

  captcha: captchaMessages,
  captchaLabel: 'Verification',
  captchaLoading: 'Loading verification…',

  userLogin: {
    title: 'Sign In',
    lead: 'Welcome back. Sign in to keep watching.',
    submit: 'User Login',
  },
  adminLogin: {
    title: 'Admin Sign In',
    lead: 'For Streamly administrators only.',
    submit: 'Admin Login',
  },
  loggingIn: 'Logging in...',
  loginFailed: 'Login failed',
  loginError: 'An error occurred during login',
  continueWithGoogle: 'Continue with Google',
  /** After 'Your account is suspended' (or banned): the next step, since signing in again will not help. */
  blocked: {
    nextStep: 'To find out why or to ask for it to be restored, write to us.',
    contactSupport: 'Contact support',
  },
  or: 'or',
  forgotPassword: 'Forgot Password?',
  newHere: 'New to Streamly?',
  signUpLink: 'Sign up',
  adminSignInLink: 'Admin sign-in',
  userSignInLink: 'Back to user sign-in',

  signup: {
    title: 'Create your account',
    lead: 'Plans from ₹149. Cancel at any time.',
    submit: 'Sign Up',
    submitting: 'Signing up...',
    success: 'User registered successfully!',
    /** Shown with the success until the redirect happens, so the viewer knows where they are taken. */
    redirecting: 'Taking you to the sign-in page…',
    failed: 'Something went wrong',
    network: 'Internal server error',
    haveAccount: 'Already have an account?',
    signInLink: 'Sign in',
    legalPrefix: 'By signing up you agree to our',
    terms: 'Terms of Use',
    and: 'and',
    privacy: 'Privacy Policy',
    /** After the Privacy Policy link: the sentence's end. */
    legalEnd: '.',
  },

  forgot: {
    title: 'Reset your password',
    steps: { email: 'Email', otp: 'Code', password: 'New password' },
    stepLabel: 'Step {{step}} of {{total}}',
    emailLead: 'Enter the email of your account and we will send you a 6-digit code.',
    otpLead: 'Enter the 6-digit code we sent to {{email}}.',
    passwordLead: 'Choose a new password.',
    otp: 'One-time code',
    newPassword: 'New password',
    sendOtp: 'Send OTP',
    sending: 'Sending...',
    verifyOtp: 'Verify OTP',
    resendCode: 'Resend code',
    verifying: 'Verifying...',
    resetPassword: 'Reset Password',
    resetting: 'Resetting...',
    useAnotherEmail: 'Use another email',
    backToLogin: 'Back to sign in',
    sendFailed: 'Error sending OTP',
    otpFailed: 'Invalid OTP',
    resetFailed: 'Failed to reset password',
    sent: 'OTP sent to your email.',
    verified: 'OTP verified. Enter your new password.',
    done: 'Password reset successful! You can now log in.',
  },

  oauth: {
    title: 'Signing you in',
    working: 'Finishing your sign-in…',
    setPassword: 'Please set your password for future logins.',
    success: 'Sign in successful! Redirecting to your dashboard...',
    failed: 'Sign in failed. Redirecting to login...',
  },

  /** DECISIONS 33: the verification mail, its /verify-email page, and the notice of an unverified account. */
  verification: {
    sentTo:
      'We sent a verification link to {{email}}. Open it to verify your email; you can sign in meanwhile.',
    title: 'Verify your email',
    working: 'Verifying your email…',
    verified: 'Your email is verified.',
    failed: 'This verification link is invalid or has expired.',
    network: 'Could not verify your email. Please try again.',
    missingToken: 'This verification link is incomplete. Open the link from the mail again.',
    continue: 'Continue to Streamly',
    signIn: 'Sign in',
    notVerified: 'Email not verified',
    resend: 'Resend',
    resending: 'Sending…',
    resent: 'Verification email sent.',
    resendFailed: 'Could not send the verification email',
  },

  setPassword: {
    title: 'Set your password',
    lead: 'You signed in with Google. Set a password to also sign in with your email.',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    signOutOthers: 'Sign out all other devices',
    submit: 'Set Password',
    submitting: 'Saving...',
    mismatch: 'Passwords do not match',
    success: 'Password set successfully',
    failed: 'Failed to set password',
  },
} as const;
