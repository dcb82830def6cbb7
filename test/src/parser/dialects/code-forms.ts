// The Markdown code forms a reply may show an example in (issue 35, class 1), each wrapping an
// example between prose; shared by the code-form tests and the corpus's chunking property.

const prefixLines = (text: string, prefix: string) =>
  text
    .split('\n')
    .map((l) => prefix + l)
    .join('\n');

/** Each code form around an example, and the prose after it. */
export const CODE_FORMS: { name: string; wrap: (example: string) => string }[] = [
  { name: 'a ~~~ fence', wrap: (x) => `Like this:\n\n~~~\n${x}\n~~~\n\nbut not now.` },
  { name: 'a ~~~~ fence holding ~~~', wrap: (x) => `Like this:\n~~~~text\n~~~\n${x}\n~~~~\nbut not now.` },
  {
    name: 'a four-backtick fence holding a ``` line',
    wrap: (x) => `Like this:\n\n\`\`\`\`markdown\n\`\`\`bash\nls\n\`\`\`\n${x}\n\`\`\`\`\n\nbut not now.`,
  },
  { name: 'an indented code block', wrap: (x) => `Like this:\n\n${prefixLines(x, '    ')}\n\nbut not now.` },
  { name: 'a tab-indented code block', wrap: (x) => `Like this:\n\n${prefixLines(x, '\t')}\n\nbut not now.` },
  { name: 'a blockquote', wrap: (x) => `The README says:\n\n${prefixLines(x, '> ')}\n\nbut not now.` },
  { name: 'a blockquote with lazy lines', wrap: (x) => `The README says:\n\n> Example:\n${x}\n\nbut not now.` },
  { name: 'a <pre> element', wrap: (x) => `Like this: <pre>${x}</pre> but not now.` },
  {
    name: 'a <pre><code> element',
    wrap: (x) => `Like this:\n<pre><code class="language-xml">\n${x}\n</code></pre>\nbut not now.`,
  },
  { name: 'a <code> element', wrap: (x) => `Like this: <code>${x}</code> but not now.` },
  { name: 'inline code with padding spaces', wrap: (x) => `Write \` ${x} \` but not now.` },
  { name: 'inline code in double backticks', wrap: (x) => `Write \`\` ${x} \`\` but not now.` },
  { name: 'inline code in double backticks, no padding', wrap: (x) => `Write \`\`${x}\`\` but not now.` },
  { name: 'a ``` run opened mid-line', wrap: (x) => `Write it so: \`\`\`\n${x}\n\`\`\` but not now.` },
];
