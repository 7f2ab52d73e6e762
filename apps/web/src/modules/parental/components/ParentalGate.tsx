import { AgeDeclaration } from './AgeDeclaration';
import { ParentalPinPrompt } from './ParentalPinPrompt';
import { parentalRefusalOf } from '../parental-refusal';

type ParentalGateProps = {
  /** The start's refusal: one `parentalRefusalOf` names. */
  error: Error;
  /** The refused start carried a PIN: its refusal (wrong, the wait) is said in the prompt. */
  pinSent: boolean;
  /** Start again with this PIN. */
  onPin: (pin: string) => void;
  /** Start again: the account holder declared being 18 or older. */
  onDeclared: () => void;
};

/**
 * What the server asks before a title plays (issue 25), in place of the player: the account holder's date of birth
 * for an A title, or the account's parental PIN. The server decides each time; this only asks.
 */
export const ParentalGate = ({ error, pinSent, onPin, onDeclared }: ParentalGateProps) =>
  parentalRefusalOf(error, pinSent) === 'age' ? (
    <AgeDeclaration onDeclared={onDeclared} />
  ) : (
    <ParentalPinPrompt error={pinSent ? error.message : null} busy={false} onSubmit={onPin} />
  );
