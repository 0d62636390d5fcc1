/*
 * RuleTree Studio's AppImage runtime: the ELF program at the head of RuleTree-*.AppImage.
 * Written for this project from the AppImage type 2 format's description:
 *   an AppImage is this program followed directly by a squashfs image; the image starts where
 *   the ELF file ends (e_shoff + e_shnum * e_shentsize); bytes 8..10 of the ELF header are
 *   'A' 'I' 0x02 (stamped by build_runtime.sh); the image's root holds AppRun, started with the
 *   user's arguments and APPIMAGE, APPDIR, ARGV0 (and OWD) in the environment.
 * The squashfs is read with libsquashfuse (Debian's libsquashfuse-dev), linked statically.
 *
 *   IMAGE [ARGS...]                         mount with the `squashfuse` program (FUSE) under
 *                                           $TMPDIR/.mount_RuleTreeXXXXXX, run AppRun, unmount;
 *                                           without squashfuse/FUSE: as --appimage-extract-and-run
 *   IMAGE --appimage-extract [PATH]         everything (or what PATH names; shell patterns per
 *                                           component) into ./squashfs-root
 *   IMAGE --appimage-extract-and-run ARGS   extract once into $TMPDIR/appimage_extracted_HASH
 *                                           (kept as a cache, reused while complete) and exec AppRun
 *   IMAGE --appimage-offset | --appimage-version | --appimage-help
 *
 * Extraction never follows a symlink and never accepts a name that is empty, ".", ".." or
 * contains '/': every entry is created relative to a directory descriptor opened with
 * O_NOFOLLOW, so an image from a stranger cannot write outside the target folder. Set-user/
 * group-ID bits are dropped; devices, fifos and sockets are skipped.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* squashfuse's config.h defines _POSIX_C_SOURCE; the system headers are already in */
#undef _POSIX_C_SOURCE
#include <squashfuse/squashfuse.h>

#ifndef RUNTIME_VERSION
#define RUNTIME_VERSION "dev"
#endif
#ifndef SQUASHFUSE_VERSION
#define SQUASHFUSE_VERSION "unknown"
#endif

#define NAME "RuleTree AppImage"
#define MAX_DEPTH 128
#define MARKER ".appimage-extracted-complete"
#define EXIT_BAD_IMAGE 1

static const char *g_self;        /* absolute path of the AppImage file */
static pid_t g_child = -1;

static void msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void msg(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, NAME ": ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* ---------------------------------------------------------------- ELF end = image offset */

static uint64_t rd(const unsigned char *p, int n, int big)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v |= (uint64_t)p[big ? n - 1 - i : i] << (8 * i);
    return v;
}

/* 0 and *end on success, -1 with *why */
static int elf_end(int fd, uint64_t *end, const char **why)
{
    unsigned char h[64];
    ssize_t n = pread(fd, h, sizeof h, 0);
    if (n < 16 || memcmp(h, ELFMAG, SELFMAG) != 0) {
        *why = "not an ELF file";
        return -1;
    }
    int big = h[EI_DATA] == ELFDATA2MSB;
    uint64_t shoff, shnum, shentsize;
    if (h[EI_CLASS] == ELFCLASS64 && n >= 64) {
        shoff = rd(h + 40, 8, big);
        shentsize = rd(h + 58, 2, big);
        shnum = rd(h + 60, 2, big);
    } else if (h[EI_CLASS] == ELFCLASS32 && n >= 52) {
        shoff = rd(h + 32, 4, big);
        shentsize = rd(h + 46, 2, big);
        shnum = rd(h + 48, 2, big);
    } else {
        *why = "truncated or unknown ELF header";
        return -1;
    }
    *end = shoff + shnum * shentsize;
    return 0;
}

/* the squashfs superblock at the offset: magic "hsqs" and bytes_used within the file */
static int check_image(int fd, uint64_t off, uint64_t fsize)
{
    unsigned char sb[96];
    if (fsize < off + sizeof sb || pread(fd, sb, sizeof sb, (off_t)off) != (ssize_t)sizeof sb) {
        msg("%s: no squashfs image after the runtime (the file ends at byte %llu; the image "
            "should start at %llu): not an AppImage, or a truncated download",
            g_self, (unsigned long long)fsize, (unsigned long long)off);
        return -1;
    }
    if (rd(sb, 4, 0) != 0x73717368) {
        msg("%s: no squashfs image at offset %llu: not an AppImage (or a damaged one)",
            g_self, (unsigned long long)off);
        return -1;
    }
    uint64_t used = rd(sb + 40, 8, 0);
    if (off + used > fsize) {
        msg("%s: truncated: the squashfs image needs %llu bytes after offset %llu, the file "
            "has %llu (an incomplete download or copy?)", g_self, (unsigned long long)used,
            (unsigned long long)off, (unsigned long long)(fsize - off));
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- extraction */

struct ctx {
    sqfs *fs;
    char **filter;           /* PATH components of --appimage-extract PATH, or NULL */
    int nfilter;
    int verbose;             /* print each path (as --appimage-extract does) */
    const char *prefix;      /* printed before each path */
    unsigned long files, dirs, links, skipped, matched;
    uint32_t ancestors[MAX_DEPTH + 1];
    char path[PATH_MAX];
};

static int valid_name(const char *n)
{
    return n[0] != '\0' && strcmp(n, ".") != 0 && strcmp(n, "..") != 0 && strchr(n, '/') == NULL;
}

static void set_times(int dirfd, const char *name, int fd, uint32_t mtime)
{
    struct timespec ts[2] = {{(time_t)mtime, 0}, {(time_t)mtime, 0}};
    if (fd >= 0)
        futimens(fd, ts);
    else
        utimensat(dirfd, name, ts, AT_SYMLINK_NOFOLLOW);
}

/* remove a non-directory leftover (a file or symlink from an earlier extraction) */
static int clear_slot(int dirfd, const char *name)
{
    if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT)
        return 0;
    return -1;
}

/* open (creating if needed) the directory NAME in DIRFD, never through a symlink */
static int open_subdir(int dirfd, const char *name)
{
    if (mkdirat(dirfd, name, 0700) != 0 && errno != EEXIST)
        return -1;
    int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 && (errno == ELOOP || errno == ENOTDIR)) {
        if (clear_slot(dirfd, name) != 0 || mkdirat(dirfd, name, 0700) != 0)
            return -1;
        fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    }
    if (fd >= 0)
        fchmod(fd, 0700);   /* writable while we fill it; the final mode comes after */
    return fd;
}

static int write_file(struct ctx *c, sqfs_inode *ino, int dirfd, const char *name)
{
    static char buf[1 << 17];
    if (clear_slot(dirfd, name) != 0) {
        msg("cannot replace %s: %s", c->path, strerror(errno));
        return -1;
    }
    int fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        msg("cannot create %s: %s", c->path, strerror(errno));
        return -1;
    }
    uint64_t size = ino->xtra.reg.file_size, pos = 0;
    while (pos < size) {
        sqfs_off_t n = (sqfs_off_t)(size - pos < sizeof buf ? size - pos : sizeof buf);
        if (sqfs_read_range(c->fs, ino, (sqfs_off_t)pos, &n, buf) != SQFS_OK || n <= 0) {
            msg("cannot read %s from the image (damaged or truncated?)", c->path);
            close(fd);
            return -1;
        }
        for (char *p = buf; p < buf + n;) {
            ssize_t w = write(fd, p, (size_t)(buf + n - p));
            if (w < 0) {
                if (errno == EINTR)
                    continue;
                msg("cannot write %s: %s", c->path, strerror(errno));
                close(fd);
                return -1;
            }
            p += w;
        }
        pos += (uint64_t)n;
    }
    fchmod(fd, ino->base.mode & 0777);
    set_times(dirfd, name, fd, ino->base.mtime);
    if (close(fd) != 0) {
        msg("cannot write %s: %s", c->path, strerror(errno));
        return -1;
    }
    c->files++;
    return 0;
}

static int write_symlink(struct ctx *c, sqfs_inode *ino, int dirfd, const char *name)
{
    size_t size = ino->xtra.symlink_size + 1;
    char *target = malloc(size);
    if (!target || sqfs_readlink(c->fs, ino, target, &size) != SQFS_OK) {
        msg("cannot read the symlink %s from the image", c->path);
        free(target);
        return -1;
    }
    int rc = 0;
    if (clear_slot(dirfd, name) != 0 || symlinkat(target, dirfd, name) != 0) {
        msg("cannot create the symlink %s: %s", c->path, strerror(errno));
        rc = -1;
    } else {
        set_times(dirfd, name, -1, ino->base.mtime);
        c->links++;
    }
    free(target);
    return rc;
}

/* extract the entries of directory inode DIR into DIRFD; depth = components in c->path */
static int extract_dir(struct ctx *c, sqfs_inode *dir, int dirfd, int depth)
{
    sqfs_dir d;
    sqfs_dir_entry e;
    sqfs_name name;
    sqfs_err err = SQFS_OK;
    size_t plen = strlen(c->path);

    if (depth >= MAX_DEPTH) {
        msg("%s: folders nested too deeply in the image", c->path);
        return -1;
    }
    if (sqfs_dir_open(c->fs, dir, &d, 0) != SQFS_OK) {
        msg("cannot read the folder /%s in the image (damaged?)", c->path);
        return -1;
    }
    sqfs_dentry_init(&e, name);
    while (sqfs_dir_next(c->fs, &d, &e, &err)) {
        const char *n = sqfs_dentry_name(&e);
        if (!valid_name(n)) {
            msg("refusing the unsafe name '%s' in /%s of the image", n, c->path);
            return -1;
        }
        int filtered = c->filter && depth < c->nfilter;
        if (filtered && fnmatch(c->filter[depth], n, 0) != 0)
            continue;
        if (plen + 1 + strlen(n) + 1 > sizeof c->path) {
            msg("path too long in the image: /%s/%s", c->path, n);
            return -1;
        }
        snprintf(c->path + plen, sizeof c->path - plen, "%s%s", plen ? "/" : "", n);

        sqfs_inode ino;
        if (sqfs_inode_get(c->fs, &ino, sqfs_dentry_inode(&e)) != SQFS_OK) {
            msg("cannot read /%s in the image (damaged?)", c->path);
            return -1;
        }
        int last = !c->filter || depth + 1 >= c->nfilter;
        int rc = 0;
        switch (ino.base.inode_type) {
        case SQUASHFS_DIR_TYPE:
        case SQUASHFS_LDIR_TYPE: {
            for (int i = 0; i <= depth; i++)
                if (c->ancestors[i] == ino.base.inode_number) {
                    msg("/%s: a folder containing itself in the image (damaged?)", c->path);
                    return -1;
                }
            c->ancestors[depth + 1] = ino.base.inode_number;
            int sub = open_subdir(dirfd, n);
            if (sub < 0) {
                msg("cannot create the folder %s: %s", c->path, strerror(errno));
                return -1;
            }
            if (c->verbose && last)
                printf("%s%s\n", c->prefix, c->path);
            if (last)
                c->matched++;
            rc = extract_dir(c, &ino, sub, depth + 1);
            if (rc == 0) {
                fchmod(sub, last ? (ino.base.mode & 01777) : 0755);
                set_times(dirfd, n, sub, ino.base.mtime);
                c->dirs++;
            }
            close(sub);
            break;
        }
        case SQUASHFS_REG_TYPE:
        case SQUASHFS_LREG_TYPE:
            if (!last)
                break;
            c->matched++;
            if (c->verbose)
                printf("%s%s\n", c->prefix, c->path);
            rc = write_file(c, &ino, dirfd, n);
            break;
        case SQUASHFS_SYMLINK_TYPE:
        case SQUASHFS_LSYMLINK_TYPE:
            if (!last)
                break;
            c->matched++;
            if (c->verbose)
                printf("%s%s\n", c->prefix, c->path);
            rc = write_symlink(c, &ino, dirfd, n);
            break;
        default:
            if (last) {
                c->matched++;
                c->skipped++;   /* devices, fifos, sockets: nothing an application needs */
            }
        }
        c->path[plen] = '\0';
        if (rc != 0)
            return -1;
    }
    if (err != SQFS_OK) {
        msg("cannot read the folder /%s in the image (damaged?)", c->path);
        return -1;
    }
    return 0;
}

/* extract into the folder TARGETFD; FILTER: NULL or a path inside the image */
static int extract(sqfs *fs, int targetfd, const char *filter, int verbose, const char *prefix,
                   struct ctx *c)
{
    memset(c, 0, sizeof *c);
    c->fs = fs;
    c->verbose = verbose;
    c->prefix = prefix;
    char *copy = NULL, *parts[MAX_DEPTH];
    if (filter) {
        copy = strdup(filter);
        for (char *tok = strtok(copy, "/"); tok; tok = strtok(NULL, "/")) {
            if (strcmp(tok, ".") == 0)
                continue;
            if (c->nfilter == MAX_DEPTH) {
                free(copy);
                msg("the path to extract is too long");
                return -1;
            }
            parts[c->nfilter++] = tok;
        }
        if (c->nfilter)
            c->filter = parts;
    }
    sqfs_inode root;
    int rc;
    if (sqfs_inode_get(fs, &root, sqfs_inode_root(fs)) != SQFS_OK) {
        msg("cannot read the image's root folder (damaged?)");
        rc = -1;
    } else {
        c->ancestors[0] = root.base.inode_number;
        rc = extract_dir(c, &root, targetfd, 0);
    }
    if (rc == 0 && c->filter && c->matched == 0) {
        msg("nothing in the image matches '%s'", filter);
        rc = -1;
    }
    free(copy);
    return rc;
}

/* ---------------------------------------------------------------- helpers */

static int rm_chmod(const char *p, const struct stat *st, int flag, struct FTW *f)
{
    (void)st; (void)f;
    if (flag == FTW_D)
        chmod(p, 0700);
    return 0;
}

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
    (void)st; (void)f;
    if (flag == FTW_DP)
        rmdir(p);
    else
        unlink(p);
    return 0;
}

static void remove_tree(const char *path)
{
    nftw(path, rm_chmod, 32, FTW_PHYS);
    nftw(path, rm_one, 32, FTW_PHYS | FTW_DEPTH);
}

static char *find_program(const char *name)
{
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin";
    char *copy = strdup(path), *save = NULL;
    for (char *dir = strtok_r(copy, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
        char *full;
        if (asprintf(&full, "%s/%s", dir, name) < 0)
            break;
        if (access(full, X_OK) == 0) {
            free(copy);
            return full;
        }
        free(full);
    }
    free(copy);
    return NULL;
}

static const char *tmpdir(void)
{
    const char *t = getenv("TMPDIR");
    return t && *t ? t : "/tmp";
}

static void set_env(const char *appdir, const char *argv0)
{
    char cwd[PATH_MAX];
    setenv("APPIMAGE", g_self, 1);
    setenv("APPDIR", appdir, 1);
    setenv("ARGV0", argv0, 1);
    if (getcwd(cwd, sizeof cwd))
        setenv("OWD", cwd, 1);
}

/* argv for AppRun: its own path, then ARGS */
static char **apprun_argv(const char *apprun, int argc, char **args)
{
    char **v = calloc((size_t)argc + 2, sizeof *v);
    v[0] = (char *)apprun;
    for (int i = 0; i < argc; i++)
        v[i + 1] = args[i];
    return v;
}

static int apprun_path(const char *appdir, char **out)
{
    if (asprintf(out, "%s/AppRun", appdir) < 0)
        return -1;
    struct stat st;
    if (stat(*out, &st) != 0 || !S_ISREG(st.st_mode)) {
        msg("the image has no AppRun at its root (looked for %s): not a usable AppImage", *out);
        return -1;
    }
    return 0;
}

static void forward_signal(int sig)
{
    if (g_child > 0)
        kill(g_child, sig);
}

/* run AppRun as a child; its exit status (128+N when killed by signal N) */
static int run_child(const char *appdir, const char *argv0, int argc, char **args)
{
    char *apprun;
    if (apprun_path(appdir, &apprun) != 0)
        return 127;
    char **v = apprun_argv(apprun, argc, args);
    set_env(appdir, argv0);
    fflush(NULL);
    g_child = fork();
    if (g_child < 0) {
        msg("fork: %s", strerror(errno));
        return 127;
    }
    if (g_child == 0) {
        execv(apprun, v);
        msg("cannot run %s: %s", apprun, strerror(errno));
        _exit(errno == ENOENT ? 127 : 126);
    }
    /* Ctrl-C/Ctrl-\ reach the child through the terminal; survive them to clean up */
    signal(SIGINT, SIG_IGN);
    signal(SIGQUIT, SIG_IGN);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = forward_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    int status;
    while (waitpid(g_child, &status, 0) < 0)
        if (errno != EINTR) {
            msg("waitpid: %s", strerror(errno));
            return 127;
        }
    signal(SIGINT, SIG_DFL);
    signal(SIGQUIT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    free(v);
    free(apprun);
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

static int exec_apprun(const char *appdir, const char *argv0, int argc, char **args)
{
    char *apprun;
    if (apprun_path(appdir, &apprun) != 0)
        return 127;
    set_env(appdir, argv0);
    fflush(NULL);
    execv(apprun, apprun_argv(apprun, argc, args));
    msg("cannot run %s: %s", apprun, strerror(errno));
    return errno == ENOENT ? 127 : 126;
}

/* ---------------------------------------------------------------- extract-and-run */

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* a digest of the image's first MiB and last 64 KiB (squashfs tables), size and mtime */
static uint64_t image_digest(int fd, uint64_t off, const struct stat *st)
{
    static unsigned char buf[1 << 20];
    uint64_t h = 0xcbf29ce484222325ULL;
    ssize_t n = pread(fd, buf, sizeof buf, (off_t)off);
    if (n > 0)
        h = fnv(h, buf, (size_t)n);
    off_t tail = st->st_size > 65536 ? st->st_size - 65536 : 0;
    n = pread(fd, buf, 65536, tail);
    if (n > 0)
        h = fnv(h, buf, (size_t)n);
    h = fnv(h, &st->st_size, sizeof st->st_size);
    h = fnv(h, &st->st_mtim.tv_sec, sizeof st->st_mtim.tv_sec);
    h = fnv(h, &st->st_mtim.tv_nsec, sizeof st->st_mtim.tv_nsec);
    return h;
}

/* a complete extraction of ours: our folder, not writable by others, marker present */
static int cache_ok(const char *dir)
{
    struct stat st;
    if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid() ||
        (st.st_mode & 022))
        return 0;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return 0;
    int ok = fstatat(fd, MARKER, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);
    close(fd);
    return ok;
}

/* extract into a fresh private folder made from TEMPLATE (mkdtemp); 0 or -1 */
static int extract_to_new(sqfs *fs, char *template)
{
    if (!mkdtemp(template)) {
        msg("cannot create a folder %s: %s", template, strerror(errno));
        return -1;
    }
    int fd = open(template, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    struct ctx *c = malloc(sizeof *c);
    int rc = fd >= 0 && c ? extract(fs, fd, NULL, 0, "", c) : -1;
    if (rc == 0) {
        int m = openat(fd, MARKER, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (m < 0 || close(m) != 0)
            rc = -1;
    }
    free(c);
    if (fd >= 0)
        close(fd);
    if (rc != 0)
        remove_tree(template);
    return rc;
}

static int extract_and_run(sqfs *fs, int imgfd, uint64_t off, const struct stat *st,
                           const char *argv0, int argc, char **args)
{
    char *dir, *part;
    if (asprintf(&dir, "%s/appimage_extracted_%016llx", tmpdir(),
                 (unsigned long long)image_digest(imgfd, off, st)) < 0)
        return 127;
    if (cache_ok(dir))
        return exec_apprun(dir, argv0, argc, args);

    if (asprintf(&part, "%s.part-XXXXXX", dir) < 0 || extract_to_new(fs, part) != 0)
        return 127;
    if (rename(part, dir) == 0 || cache_ok(dir)) {      /* ours, or a parallel start's */
        remove_tree(part);
        return exec_apprun(dir, argv0, argc, args);
    }
    struct stat old;
    if (lstat(dir, &old) == 0 && S_ISDIR(old.st_mode) && old.st_uid == geteuid()) {
        remove_tree(dir);                               /* an incomplete one of ours */
        if (rename(part, dir) == 0)
            return exec_apprun(dir, argv0, argc, args);
    }
    /* someone else's folder under that name: run from the private copy, then remove it */
    int rc = run_child(part, argv0, argc, args);
    if (!getenv("NO_CLEANUP"))
        remove_tree(part);
    return rc;
}

/* ---------------------------------------------------------------- FUSE mount */

static int run_quiet(char *const argv[], char *err, size_t errsize)
{
    char tmpl[PATH_MAX];
    snprintf(tmpl, sizeof tmpl, "%s/.rt-runtime-XXXXXX", tmpdir());
    int efd = mkostemp(tmpl, O_CLOEXEC);
    if (efd >= 0)
        unlink(tmpl);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        dup2(null, 0);
        dup2(null, 1);
        dup2(efd >= 0 ? efd : null, 2);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (err && errsize) {
        err[0] = '\0';
        if (efd >= 0) {
            ssize_t n = pread(efd, err, errsize - 1, 0);
            if (n > 0) {
                err[n] = '\0';
                char *nl = strchr(err, '\n');
                if (nl)
                    *nl = '\0';
            }
        }
    }
    if (efd >= 0)
        close(efd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static void unmount(const char *mnt)
{
    const char *progs[] = {"fusermount3", "fusermount"};
    for (int i = 0; i < 2; i++) {
        char *p = find_program(progs[i]);
        if (!p)
            continue;
        char *u[] = {p, "-u", (char *)mnt, NULL};
        char *uz[] = {p, "-u", "-z", (char *)mnt, NULL};
        int rc = run_quiet(u, NULL, 0) == 0 || run_quiet(uz, NULL, 0) == 0;
        free(p);
        if (rc)
            goto done;
    }
    if (umount2(mnt, 0) != 0)
        umount2(mnt, MNT_DETACH);
done:
    rmdir(mnt);
}

/* 0: mounted at MNT; -1 with a reason in WHY */
static int mount_image(uint64_t off, char *mnt, size_t mntsize, char *why, size_t whysize)
{
    char *sqfuse = find_program("squashfuse");
    if (!sqfuse) {
        snprintf(why, whysize, "no squashfuse program (package squashfuse)");
        return -1;
    }
    if (access("/dev/fuse", R_OK | W_OK) != 0) {
        snprintf(why, whysize, "/dev/fuse: %s", strerror(errno));
        free(sqfuse);
        return -1;
    }
    if (geteuid() != 0) {
        char *fm = find_program("fusermount3");
        if (!fm)
            fm = find_program("fusermount");
        if (!fm) {
            snprintf(why, whysize, "no fusermount3 (package fuse3)");
            free(sqfuse);
            return -1;
        }
        free(fm);
    }
    snprintf(mnt, mntsize, "%s/.mount_RuleTreeXXXXXX", tmpdir());
    if (!mkdtemp(mnt)) {
        snprintf(why, whysize, "cannot create %s: %s", mnt, strerror(errno));
        free(sqfuse);
        return -1;
    }
    char opt[64], err[768];
    snprintf(opt, sizeof opt, "offset=%llu", (unsigned long long)off);
    char *argv[] = {sqfuse, "-o", opt, (char *)g_self, mnt, NULL};
    int rc = run_quiet(argv, err, sizeof err);
    free(sqfuse);
    char *apprun;
    struct stat st;
    if (rc == 0 && asprintf(&apprun, "%s/AppRun", mnt) >= 0) {
        int ok = lstat(apprun, &st) == 0;
        free(apprun);
        if (ok)
            return 0;
        unmount(mnt);
        snprintf(why, whysize, "squashfuse mounted nothing usable at %s", mnt);
        return -1;
    }
    rmdir(mnt);
    snprintf(why, whysize, "squashfuse: %s", err[0] ? err : "failed");
    return -1;
}

/* ---------------------------------------------------------------- main */

static void usage(FILE *f)
{
    fprintf(f,
            "RuleTree Studio AppImage (runtime " RUNTIME_VERSION ")\n"
            "\n"
            "  %s [ARGS...]                 start RuleTree Studio (FUSE mount via squashfuse,\n"
            "                               else extracted to $TMPDIR)\n"
            "  --appimage-extract [PATH]    extract the contents (or PATH, shell patterns\n"
            "                               allowed) into ./squashfs-root\n"
            "  --appimage-extract-and-run [ARGS...]\n"
            "                               extract once into $TMPDIR/appimage_extracted_*\n"
            "                               (kept for the next start) and run without FUSE\n"
            "  --appimage-offset            print the offset of the squashfs image\n"
            "  --appimage-version           print the runtime's version\n"
            "  --appimage-help              this text\n"
            "Environment: APPIMAGE_EXTRACT_AND_RUN=1 always extracts instead of mounting;\n"
            "TMPDIR (default /tmp).\n",
            g_self ? g_self : "RuleTree.AppImage");
}

static char *self_path(const char *argv0)
{
    char *p = realpath("/proc/self/exe", NULL);
    if (p)
        return p;
    if (strchr(argv0, '/'))
        return realpath(argv0, NULL);
    char *found = find_program(argv0);
    p = found ? realpath(found, NULL) : NULL;
    free(found);
    return p;
}

int main(int argc, char **argv)
{
    const char *argv0 = argc > 0 ? argv[0] : "RuleTree.AppImage";
    const char *opt = argc > 1 ? argv[1] : "";
    g_self = self_path(argv0);
    if (!g_self) {
        msg("cannot find my own file (/proc/self/exe): %s", strerror(errno));
        return EXIT_BAD_IMAGE;
    }
    if (strcmp(opt, "--appimage-help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(opt, "--appimage-version") == 0) {
        printf("RuleTree AppImage runtime: %s (libsquashfuse %s, static)\n", RUNTIME_VERSION,
               SQUASHFUSE_VERSION);
        return 0;
    }
    int fd = open(g_self, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        msg("cannot open %s: %s", g_self, strerror(errno));
        return EXIT_BAD_IMAGE;
    }
    uint64_t off;
    const char *why;
    if (elf_end(fd, &off, &why) != 0) {
        msg("%s: %s", g_self, why);
        return EXIT_BAD_IMAGE;
    }
    if (strcmp(opt, "--appimage-offset") == 0) {
        printf("%llu\n", (unsigned long long)off);
        return 0;
    }
    if (strncmp(opt, "--appimage-", 11) == 0 && strcmp(opt, "--appimage-extract") != 0 &&
        strcmp(opt, "--appimage-extract-and-run") != 0) {
        msg("unknown option %s (see --appimage-help)", opt);
        return 1;
    }
    if (check_image(fd, off, (uint64_t)st.st_size) != 0)
        return EXIT_BAD_IMAGE;
    static sqfs fs;
    sqfs_err e = sqfs_init(&fs, fd, (size_t)off);
    if (e != SQFS_OK) {
        msg("%s: cannot read the squashfs image at offset %llu (%s)", g_self,
            (unsigned long long)off,
            e == SQFS_BADCOMP ? "unsupported compression" :
            e == SQFS_BADVERSION ? "unsupported squashfs version" : "damaged or not squashfs");
        return EXIT_BAD_IMAGE;
    }

    if (strcmp(opt, "--appimage-extract") == 0) {
        if (mkdir("squashfs-root", 0755) != 0 && errno != EEXIST) {
            msg("cannot create ./squashfs-root: %s", strerror(errno));
            return 1;
        }
        int out = open("squashfs-root", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (out < 0) {
            msg("cannot open ./squashfs-root (a folder, not a symlink): %s", strerror(errno));
            return 1;
        }
        struct ctx *c = malloc(sizeof *c);
        int rc = extract(&fs, out, argc > 2 ? argv[2] : NULL, 1, "squashfs-root/", c);
        if (rc == 0 && c->skipped)
            msg("skipped %lu device/fifo/socket entries", c->skipped);
        close(out);
        free(c);
        return rc == 0 ? 0 : 1;
    }
    if (strcmp(opt, "--appimage-extract-and-run") == 0)
        return extract_and_run(&fs, fd, off, &st, argv0, argc - 2, argv + 2);

    const char *force = getenv("APPIMAGE_EXTRACT_AND_RUN");
    if (!(force && strcmp(force, "1") == 0)) {
        char mnt[PATH_MAX], reason[PATH_MAX + 1024];
        if (mount_image(off, mnt, sizeof mnt, reason, sizeof reason) == 0) {
            int rc = run_child(mnt, argv0, argc - 1, argv + 1);
            unmount(mnt);
            return rc;
        }
        msg("cannot mount with FUSE (%s); extracting to %s instead "
            "(as --appimage-extract-and-run)", reason, tmpdir());
    }
    return extract_and_run(&fs, fd, off, &st, argv0, argc - 1, argv + 1);
}
