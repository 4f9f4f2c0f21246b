// Part of the module's glue (emcc --pre-js): one option of the module for the page's
// Worker. Module.terminalStderr(byte), when given, receives each byte of standard error
// while it stays a terminal (isatty), as the command line's progress line needs: the
// Worker shows that line as it is rewritten, which a line-buffered console can't.
Module.preRun = [].concat(Module.preRun || [], () => {
  if (Module.terminalStderr) {
    TTY.default_tty1_ops.put_char = (tty, byte) => Module.terminalStderr(byte);
    TTY.default_tty1_ops.flush = () => {};
  }
});
