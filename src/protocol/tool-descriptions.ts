// What each tool does and which parameters it really uses: the text models read in the system
// prompt (tag protocol) or in the OpenAI `tools` list (native calls). Cline's protocol accepts all
// 45 parameters in every tool, so without this table a prompt would list them all.

/** One parameter of a {@link ToolDescription}. */
export interface ToolParamDescription {
  description: string;
  /** Default true. */
  required?: boolean;
  /** A value for the prompt's example. */
  example?: string;
}

/** What a tool does and the parameters it uses, as the model reads it in the prompt or the native tool schema. */
export interface ToolDescription {
  description: string;
  /** The parameters the tool uses, in the order the model should write them. */
  params: Record<string, ToolParamDescription>;
}

/** Tool descriptions by tool name; extend {@link defaultToolDescriptions} with your own tools. */
export type ToolDescriptions = Record<string, ToolDescription>;

/** The Cline tools a coding agent's CLI typically provides. */
export const defaultToolDescriptions: ToolDescriptions = {
  read_file: {
    description: 'Read a file and get its full contents. Use it to inspect code or text before changing it.',
    params: { path: { description: 'Path of the file, relative to the working directory.', example: 'src/index.ts' } },
  },
  list_files: {
    description: 'List the files and directories inside a directory.',
    params: {
      path: { description: 'Directory to list, relative to the working directory.', example: 'src' },
      recursive: {
        description: '"true" to list everything below the directory, "false" (default) for its top level only.',
        required: false,
        example: 'false',
      },
    },
  },
  search_files: {
    description:
      'Search the files of a directory for a regular expression; results show each match with surrounding lines.',
    params: {
      path: { description: 'Directory to search, recursively.', example: 'src' },
      regex: {
        description: 'Regular expression (JavaScript syntax, without lookaround or backreferences) to look for.',
        example: 'TODO',
      },
      file_pattern: {
        description: 'Glob that limits which files are searched, e.g. "*.ts".',
        required: false,
        example: '*.ts',
      },
    },
  },
  write_to_file: {
    description:
      'Write a whole file, creating it and its directories if needed, replacing it if it exists. Always give the complete content.',
    params: {
      path: { description: 'Path of the file, relative to the working directory.', example: 'src/hello.ts' },
      content: {
        description: 'The complete new content of the file, nothing left out.',
        example: "export const hello = 'world';",
      },
    },
  },
  replace_in_file: {
    description:
      'Change parts of an existing file with SEARCH/REPLACE blocks. Each SEARCH section must match the file exactly, including whitespace; the first match is replaced.',
    params: {
      path: { description: 'Path of the file, relative to the working directory.', example: 'src/hello.ts' },
      diff: {
        description:
          'One or more blocks of the form\n------- SEARCH\n<exact lines>\n=======\n<new lines>\n+++++++ REPLACE',
        example:
          "------- SEARCH\nexport const hello = 'world';\n=======\nexport const hello = 'there';\n+++++++ REPLACE",
      },
    },
  },
  execute_command: {
    description: 'Run a shell command in the working directory and get its output.',
    params: {
      command: { description: 'The command line to run.', example: 'npm test' },
      requires_approval: {
        description: '"true" if the command changes the system or is risky, otherwise "false".',
        example: 'false',
      },
    },
  },
  ask_followup_question: {
    description: 'Ask the user a question when you cannot go on without their answer.',
    params: {
      question: { description: 'The question, clear and specific.', example: 'Which file holds the configuration?' },
      options: {
        description: 'Optional JSON array of suggested answers.',
        required: false,
        example: '["config.ts", "settings.json"]',
      },
    },
  },
  attempt_completion: {
    description: 'Present the result of the task once it is done. This ends your work on the task.',
    params: {
      result: {
        description: 'What was done, stated as final (no question at the end).',
        example: 'Added src/hello.ts exporting `hello`.',
      },
    },
  },
};
