import { execFile } from 'node:child_process';

/**
 * pdf-parse (pdf.js) loads its worker by a dynamic `import()`, which Jest's module sandbox refuses: the text is
 * read in a plain Node process instead, the PDF sent on its stdin.
 */
const READ_TEXT = `
import { PDFParse } from 'pdf-parse';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
process.stdout.write((await parser.getText()).text);
await parser.destroy();
`;

/** The text of a PDF, as a reader's copy-and-paste would give it. */
export const pdfText = (pdf: Buffer): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', READ_TEXT],
      { maxBuffer: 10 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
    child.stdin?.end(pdf);
  });
