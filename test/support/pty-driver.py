# Runs a command in a pseudo-terminal of a given size and relays it: the terminal's output to
# stdout (raw bytes), and commands from stdin, one JSON object a line: {"write": "text"} types
# into the terminal, {"resize": [columns, rows]} resizes it (the program gets SIGWINCH) and
# writes the marker ESC ]resize;COLUMNS;ROWS BEL to stdout at that point of the output, so a
# test can replay the output on an emulated terminal resized exactly where the real one was.
# The exit status is printed to stderr as "EXIT <code>" at the end.
import fcntl, json, os, pty, select, struct, sys, termios

def set_size(fd, columns, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', rows, columns, 0, 0))

columns, rows = int(sys.argv[1]), int(sys.argv[2])
command = sys.argv[3:]
pid, master = pty.fork()
if pid == 0:
    set_size(0, columns, rows)
    os.execvp(command[0], command)

out = sys.stdout.buffer
inbox = b''
stdin_open = True
while True:
    readers = [master] + ([sys.stdin.fileno()] if stdin_open else [])
    ready, _, _ = select.select(readers, [], [], 0.05)
    if master in ready:
        try:
            data = os.read(master, 65536)
        except OSError:
            data = b''
        if not data:
            break
        out.write(data)
        out.flush()
    if sys.stdin.fileno() in ready:
        chunk = os.read(sys.stdin.fileno(), 65536)
        if not chunk:
            stdin_open = False
        inbox += chunk
        while b'\n' in inbox:
            line, inbox = inbox.split(b'\n', 1)
            message = json.loads(line)
            if 'write' in message:
                os.write(master, message['write'].encode('utf-8'))
            if 'resize' in message:
                set_size(master, message['resize'][0], message['resize'][1])
                out.write(b'\x1b]resize;%d;%d\x07' % (message['resize'][0], message['resize'][1]))
                out.flush()
_, status = os.waitpid(pid, 0)
code = os.waitstatus_to_exitcode(status)
sys.stderr.write('EXIT %d\n' % code)
