// A WebSocket load generator in C for the push benches (score push, chat fan-out).
//
// Why C: on a 2-core machine the load generator shares the CPU with the server under test. A
// Node client spends ~10 µs of JavaScript per socket read on top of the kernel's own cost, so
// 5,000 Node sockets steal tens of milliseconds from the server on every push and the bench
// measures the load generator as much as the server. This program does one epoll_wait, one
// read() and a byte scan per socket read, like wrk or tcpkali, and nothing else.
//
// Built by the bench with the machine's C compiler (cc -O2); the benches fall back to their Node
// clients when there is none. One thread, one epoll set. Control over stdin/stdout, one line each:
//
//   wsload score <host> <port> <path> <count>
//     opens <count> sockets, sends {"type":"register","info":{}} on each, waits for code 101
//     → "ready <n>"          (n = sockets registered)
//     then notes, per socket, when each goal frame ("type":"goal", "home_score":N) arrives,
//     in ms of CLOCK_MONOTONIC (the clock of Node's process.hrtime)
//     ← "report"            → "arrivals <k>" and k lines "<score> <ms>"
//
//   wsload chat <host> <port> <path> <groupId> <credentials file>
//     one viewer per line "<identifier> <userSig>" of the file: login, join the group
//     → "ready <n> <failed>"
//     counts every sequence each viewer receives ("type":"messages" frames), and the latency
//     of each message whose text starts "t:<epoch ms>" (CLOCK_REALTIME) into a 1 ms histogram
//     ← "measure <epoch ms>"  only messages sent from then on are timed
//     ← "behind <seq>"        → "behind <viewers without that sequence yet>"
//     ← "report <file>"       (the accepted sequences, one per line)
//                             → "report <lost> <duplicated> <viewersLosing> <closed> <parsed>"
//                                then "hist <ms>:<n> …"
//
//   ← "close" ends the program (every socket closed). Errors go to stderr.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum { S_CONNECTING, S_UPGRADING, S_OPEN, S_CLOSED };
enum { MODE_SCORE, MODE_CHAT };

typedef struct {
  int fd;
  int state;
  int ready;        // registered (score) or joined (chat)
  int last_score;   // score mode: last goal seen (frames may repeat a goal in a row change)
  char *carry;      // bytes of an incomplete frame (or handshake) kept for the next read
  size_t carry_len, carry_cap;
  uint8_t *counts;  // chat mode: times each sequence arrived
  size_t counts_cap;
  const char *identifier, *usersig;
} Conn;

static int mode;
static const char *host, *path_;
static int port, group_id;
static Conn *conns;
static int nconns, nopen_started, nready, nfailed, nclosed;
static int epfd;
static char rbuf[1 << 21];

// Score mode: (score, ms) pairs.
static int *arr_score;
static double *arr_ms;
static size_t arr_len, arr_cap;

// Chat mode: latency histogram and a cache of recently parsed frames (every viewer gets the same bytes).
#define HIST_MS 60000
static uint32_t hist[HIST_MS + 1];
static double measure_from = 1e300;
static long parsed_frames;
typedef struct {
  char *bytes;
  size_t len;
  int n;
  int *seqs;
  double *sent;
} Parsed;
#define RECENT 8
static Parsed recent[RECENT];
static int recent_next;

static double mono_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
static double real_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void die(const char *what) {
  perror(what);
  exit(1);
}

static void watch(Conn *c, int op, uint32_t events) {
  struct epoll_event e = {.events = events, .data.ptr = c};
  if (epoll_ctl(epfd, op, c->fd, &e) < 0) die("epoll_ctl");
}

// A masked client text frame (zero mask key: the payload goes out as it is).
static void send_text(Conn *c, const char *text) {
  size_t n = strlen(text);
  char out[4096];
  size_t h;
  if (n < 126) {
    out[0] = (char)0x81;
    out[1] = (char)(0x80 | n);
    h = 2;
  } else {
    out[0] = (char)0x81;
    out[1] = (char)(0x80 | 126);
    out[2] = (char)(n >> 8);
    out[3] = (char)(n & 255);
    h = 4;
  }
  if (h + 4 + n > sizeof out) return;
  memset(out + h, 0, 4);
  memcpy(out + h + 4, text, n);
  // Small frames on an idle socket: the kernel takes them whole.
  if (write(c->fd, out, h + 4 + n) < 0 && errno != EAGAIN) c->state = S_CLOSED;
}

static void close_conn(Conn *c) {
  if (c->state == S_CLOSED) return;
  if (!c->ready) nfailed++;
  c->state = S_CLOSED;
  nclosed++;
  close(c->fd);
}

static long read_long(const char *p, const char *end, const char **after) {
  long n = 0;
  int digits = 0;
  while (p < end && *p >= '0' && *p <= '9') n = n * 10 + (*p++ - '0'), digits++;
  *after = p;
  return digits ? n : -1;
}

static void record_goal(int score) {
  if (arr_len == arr_cap) {
    arr_cap = arr_cap ? arr_cap * 2 : 1 << 16;
    arr_score = realloc(arr_score, arr_cap * sizeof *arr_score);
    arr_ms = realloc(arr_ms, arr_cap * sizeof *arr_ms);
  }
  arr_score[arr_len] = score;
  arr_ms[arr_len++] = mono_ms();
}

static void score_frame(Conn *c, const char *p, size_t n) {
  const char *end = p + n;
  if (!c->ready) {
    if (memmem(p, n, "\"code\":101", 10)) c->ready = 1, nready++;
    return;
  }
  static const char GOAL[] = "\"type\":\"goal\"", HOME[] = "\"home_score\":";
  const char *at = memmem(p, n, GOAL, sizeof GOAL - 1);
  while (at) {
    const char *h = memmem(at, end - at, HOME, sizeof HOME - 1);
    if (!h) return;
    const char *after;
    long score = read_long(h + sizeof HOME - 1, end, &after);
    if (score >= 0 && score != c->last_score) {
      c->last_score = (int)score;
      record_goal((int)score);
    }
    at = memmem(after, end - after, GOAL, sizeof GOAL - 1);
  }
}

// Sequences and send times of a "messages" frame: each "seq": is followed, before the next one,
// by its payload's "text":"t:<ms>" when it has one. Strings are JSON-escaped, so user text can
// never contain a bare "seq": key.
static Parsed *parse_messages(const char *p, size_t n) {
  for (int i = 0; i < RECENT; i++)
    if (recent[i].len == n && memcmp(recent[i].bytes, p, n) == 0) return &recent[i];
  Parsed *r = &recent[recent_next];
  recent_next = (recent_next + 1) % RECENT;
  free(r->bytes), free(r->seqs), free(r->sent);
  parsed_frames++;
  r->bytes = malloc(n);
  memcpy(r->bytes, p, n);
  r->len = n;
  int cap = 64;
  r->seqs = malloc(cap * sizeof *r->seqs);
  r->sent = malloc(cap * sizeof *r->sent);
  r->n = 0;
  static const char SEQ[] = "\"seq\":", TEXT[] = "\"text\":\"t:";
  const char *end = p + n, *at = memmem(p, n, SEQ, sizeof SEQ - 1);
  while (at) {
    const char *after;
    long seq = read_long(at + sizeof SEQ - 1, end, &after);
    const char *next = memmem(after, end - after, SEQ, sizeof SEQ - 1);
    const char *t = memmem(after, (next ? next : end) - after, TEXT, sizeof TEXT - 1);
    double sent = 0;
    if (t) {
      const char *x;
      long ms = read_long(t + sizeof TEXT - 1, end, &x);
      if (ms > 0) sent = (double)ms;
    }
    if (seq >= 0) {
      if (r->n == cap) {
        cap *= 2;
        r->seqs = realloc(r->seqs, cap * sizeof *r->seqs);
        r->sent = realloc(r->sent, cap * sizeof *r->sent);
      }
      r->seqs[r->n] = (int)seq;
      r->sent[r->n++] = sent;
    }
    at = next;
  }
  return r;
}

static void count(Conn *c, Parsed *m, double at, int timed) {
  for (int i = 0; i < m->n; i++) {
    size_t seq = (size_t)m->seqs[i];
    if (seq >= c->counts_cap) {
      size_t cap = c->counts_cap ? c->counts_cap : 8192;
      while (seq >= cap) cap *= 2;
      c->counts = realloc(c->counts, cap);
      memset(c->counts + c->counts_cap, 0, cap - c->counts_cap);
      c->counts_cap = cap;
    }
    if (c->counts[seq] < 255) c->counts[seq]++;
    if (timed && m->sent[i] >= measure_from) {
      double d = at - m->sent[i];
      int ms = d < 0 ? 0 : d > HIST_MS ? HIST_MS : (int)d;
      hist[ms]++;
    }
  }
}

static void chat_frame(Conn *c, const char *p, size_t n) {
  static const char MESSAGES[] = "{\"type\":\"messages\"";
  if (c->ready && n > sizeof MESSAGES && memcmp(p, MESSAGES, sizeof MESSAGES - 1) == 0) {
    count(c, parse_messages(p, n), real_ms(), 1);
    return;
  }
  if (n > 15 && memcmp(p, "{\"type\":\"login\"", 15) == 0) {
    char join[128];
    snprintf(join, sizeof join, "{\"type\":\"join\",\"groupId\":%d}", group_id);
    send_text(c, join);
  } else if (n > 16 && memcmp(p, "{\"type\":\"joined\"", 16) == 0) {
    // History: counted (so a resume test could see it), not timed.
    Parsed *m = parse_messages(p, n);
    count(c, m, 0, 0);
    if (!c->ready) c->ready = 1, nready++;
  } else if (n > 15 && memcmp(p, "{\"type\":\"error\"", 15) == 0) {
    fprintf(stderr, "wsload: %.*s\n", (int)(n > 300 ? 300 : n), p);
  }
}

// Consumes whole frames from buf[0..len); returns the bytes used.
static size_t frames(Conn *c, char *buf, size_t len) {
  size_t at = 0;
  while (len - at >= 2) {
    uint8_t b0 = (uint8_t)buf[at], b1 = (uint8_t)buf[at + 1];
    uint64_t n = b1 & 0x7f;
    size_t h = 2;
    if (n == 126) {
      if (len - at < 4) break;
      n = ((uint8_t)buf[at + 2] << 8) | (uint8_t)buf[at + 3];
      h = 4;
    } else if (n == 127) {
      if (len - at < 10) break;
      n = 0;
      for (int i = 0; i < 8; i++) n = (n << 8) | (uint8_t)buf[at + 2 + i];
      h = 10;
    }
    if (len - at < h + n) break;
    int opcode = b0 & 0x0f;
    char *payload = buf + at + h;
    if (opcode == 8) {
      close_conn(c);
      return len;
    }
    if (opcode == 9) {
      char pong[6] = {(char)0x8a, (char)0x80, 0, 0, 0, 0};
      (void)!write(c->fd, pong, sizeof pong);
    } else if (opcode == 1 || opcode == 2) {
      if (mode == MODE_SCORE) score_frame(c, payload, n);
      else chat_frame(c, payload, n);
    }
    at += h + n;
  }
  return at;
}

static void on_open(Conn *c) {
  if (mode == MODE_SCORE) {
    send_text(c, "{\"type\":\"register\",\"info\":{}}");
  } else {
    char login[2048];
    snprintf(login, sizeof login, "{\"type\":\"login\",\"identifier\":\"%s\",\"userSig\":\"%s\"}", c->identifier, c->usersig);
    send_text(c, login);
  }
}

static void on_readable(Conn *c) {
  for (;;) {
    size_t have = c->carry_len;
    if (have) memcpy(rbuf, c->carry, have);
    ssize_t r = read(c->fd, rbuf + have, sizeof rbuf - have);
    if (r == 0) return close_conn(c);
    if (r < 0) {
      if (errno == EAGAIN || errno == EINTR) return;
      return close_conn(c);
    }
    size_t len = have + (size_t)r, used = 0;
    if (c->state == S_UPGRADING) {
      char *end = memmem(rbuf, len, "\r\n\r\n", 4);
      if (!end) {
        used = 0;
      } else {
        if (!memmem(rbuf, end - rbuf < 16 ? (size_t)(end - rbuf) : 16, " 101", 4)) {
          fprintf(stderr, "wsload: upgrade refused: %.*s\n", (int)(end - rbuf), rbuf);
          return close_conn(c);
        }
        c->state = S_OPEN;
        used = (size_t)(end - rbuf) + 4;
        on_open(c);
      }
    }
    if (c->state == S_OPEN) used += frames(c, rbuf + used, len - used);
    if (c->state == S_CLOSED) return;
    size_t rest = len - used;
    if (rest > c->carry_cap) {
      c->carry_cap = rest * 2;
      c->carry = realloc(c->carry, c->carry_cap);
    }
    memcpy(c->carry, rbuf + used, rest);
    c->carry_len = rest;
    if ((size_t)r < sizeof rbuf - have) return;  // drained
  }
}

static void start_connect(Conn *c) {
  c->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  if (c->fd < 0) die("socket");
  int one = 1;
  setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port)};
  inet_pton(AF_INET, host, &a.sin_addr);
  c->state = S_CONNECTING;
  c->last_score = -1;
  if (connect(c->fd, (struct sockaddr *)&a, sizeof a) < 0 && errno != EINPROGRESS) die("connect");
  watch(c, EPOLL_CTL_ADD, EPOLLOUT | EPOLLIN);
  nopen_started++;
}

static void on_writable(Conn *c) {
  if (c->state != S_CONNECTING) return;
  int err = 0;
  socklen_t l = sizeof err;
  getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &l);
  if (err) {
    fprintf(stderr, "wsload: connect: %s\n", strerror(err));
    return close_conn(c);
  }
  char req[1024];
  int n = snprintf(req, sizeof req,
                   "GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
                   path_, host, port);
  if (write(c->fd, req, n) != n) return close_conn(c);
  c->state = S_UPGRADING;
  watch(c, EPOLL_CTL_MOD, EPOLLIN);
}

// ---- control (stdin) ----

static void reply(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void reply(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  fflush(stdout);
}

static void report_chat(const char *file) {
  FILE *f = fopen(file, "r");
  if (!f) die(file);
  size_t n = 0, cap = 1024;
  int *seqs = malloc(cap * sizeof *seqs);
  int s;
  while (fscanf(f, "%d", &s) == 1) {
    if (n == cap) seqs = realloc(seqs, (cap *= 2) * sizeof *seqs);
    seqs[n++] = s;
  }
  fclose(f);
  long lost = 0, dup = 0, losing = 0;
  for (int i = 0; i < nconns; i++) {
    Conn *c = &conns[i];
    if (!c->ready) continue;
    long l = 0;
    for (size_t j = 0; j < n; j++) {
      size_t q = (size_t)seqs[j];
      int k = q < c->counts_cap ? c->counts[q] : 0;
      if (k == 0) l++;
      else if (k > 1) dup += k - 1;
    }
    lost += l;
    if (l) losing++;
  }
  free(seqs);
  int closed_ready = 0;
  for (int i = 0; i < nconns; i++) closed_ready += conns[i].ready && conns[i].state == S_CLOSED;
  reply("report %ld %ld %ld %d %ld\n", lost, dup, losing, closed_ready, parsed_frames);
  printf("hist");
  for (int ms = 0; ms <= HIST_MS; ms++)
    if (hist[ms]) printf(" %d:%u", ms, hist[ms]);
  reply("\n");
}

static void command(char *line) {
  if (strncmp(line, "report", 6) == 0 && mode == MODE_SCORE) {
    printf("arrivals %zu\n", arr_len);
    for (size_t i = 0; i < arr_len; i++) printf("%d %.3f\n", arr_score[i], arr_ms[i]);
    fflush(stdout);
  } else if (strncmp(line, "report ", 7) == 0) {
    report_chat(line + 7);
  } else if (strncmp(line, "measure ", 8) == 0) {
    measure_from = atof(line + 8);
    reply("measuring\n");
  } else if (strncmp(line, "behind ", 7) == 0) {
    size_t seq = (size_t)atol(line + 7);
    int behind = 0;
    for (int i = 0; i < nconns; i++) {
      Conn *c = &conns[i];
      if (c->ready && c->state != S_CLOSED && !(seq < c->counts_cap && c->counts[seq])) behind++;
    }
    reply("behind %d\n", behind);
  } else if (strncmp(line, "close", 5) == 0) {
    for (int i = 0; i < nconns; i++)
      if (conns[i].state != S_CLOSED) close(conns[i].fd);
    exit(0);
  }
}

static char cmdbuf[4096];
static size_t cmdlen;
static void on_stdin(void) {
  ssize_t r = read(0, cmdbuf + cmdlen, sizeof cmdbuf - cmdlen - 1);
  if (r <= 0) exit(0);  // the parent went away
  cmdlen += (size_t)r;
  char *nl;
  while ((nl = memchr(cmdbuf, '\n', cmdlen))) {
    *nl = 0;
    command(cmdbuf);
    size_t used = (size_t)(nl - cmdbuf) + 1;
    memmove(cmdbuf, cmdbuf + used, cmdlen - used);
    cmdlen -= used;
  }
}

static void load_credentials(const char *file) {
  FILE *f = fopen(file, "r");
  if (!f) die(file);
  int cap = 1024;
  conns = calloc(cap, sizeof *conns);
  char id[512], sig[2048];
  while (fscanf(f, "%511s %2047s", id, sig) == 2) {
    if (nconns == cap) {
      conns = realloc(conns, (cap *= 2) * sizeof *conns);
      memset(conns + nconns, 0, (cap - nconns) * sizeof *conns);
    }
    conns[nconns].identifier = strdup(id);
    conns[nconns].usersig = strdup(sig);
    nconns++;
  }
  fclose(f);
}

int main(int argc, char **argv) {
  if (argc < 6) {
    fprintf(stderr, "usage: wsload score <host> <port> <path> <count> | chat <host> <port> <path> <groupId> <credentials file>\n");
    return 2;
  }
  mode = strcmp(argv[1], "chat") == 0 ? MODE_CHAT : MODE_SCORE;
  host = argv[2];
  port = atoi(argv[3]);
  path_ = argv[4];
  if (mode == MODE_SCORE) {
    nconns = atoi(argv[5]);
    conns = calloc(nconns, sizeof *conns);
  } else {
    if (argc < 7) return 2;
    group_id = atoi(argv[5]);
    load_credentials(argv[6]);
  }
  struct rlimit rl = {nconns + 1024, nconns + 1024};
  if (setrlimit(RLIMIT_NOFILE, &rl) < 0) {
    getrlimit(RLIMIT_NOFILE, &rl);
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
  }
  epfd = epoll_create1(0);
  fcntl(0, F_SETFL, O_NONBLOCK);
  struct epoll_event se = {.events = EPOLLIN, .data.ptr = NULL};
  epoll_ctl(epfd, EPOLL_CTL_ADD, 0, &se);

  // Sockets are opened 200 at a time so the server's accept queue is not flooded.
  const int WINDOW = 200;
  int announced = 0;
  struct epoll_event ev[1024];
  for (;;) {
    while (nopen_started < nconns && nopen_started - nready - nfailed < WINDOW) start_connect(&conns[nopen_started]);
    if (!announced && nready + nfailed == nconns) {
      announced = 1;
      if (mode == MODE_SCORE) reply("ready %d\n", nready);
      else reply("ready %d %d\n", nready, nfailed);
    }
    int n = epoll_wait(epfd, ev, 1024, 1000);
    for (int i = 0; i < n; i++) {
      Conn *c = ev[i].data.ptr;
      if (!c) {
        on_stdin();
        continue;
      }
      if (c->state == S_CLOSED) continue;
      if (c->state == S_CONNECTING && (ev[i].events & (EPOLLOUT | EPOLLERR | EPOLLHUP))) on_writable(c);
      else if (ev[i].events & (EPOLLIN | EPOLLERR | EPOLLHUP)) on_readable(c);
    }
  }
}
