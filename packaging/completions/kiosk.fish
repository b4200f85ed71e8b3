# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_kiosk_global_optspecs
    string join \n config= data-dir= listen= public-url= no-demo log-format= h/help V/version
end

function __fish_kiosk_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_kiosk_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_kiosk_using_subcommand
    set -l cmd (__fish_kiosk_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c kiosk -n "__fish_kiosk_needs_command" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_needs_command" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_needs_command" -l listen -d 'Address to listen on, e.g. 0.0.0.0:8080 (default: 127.0.0.1:8080). Port 0 picks a free port' -r
complete -c kiosk -n "__fish_kiosk_needs_command" -l public-url -d 'Public address shoppers use, for canonical links and the sitemap (e.g. https://shop.example.com)' -r
complete -c kiosk -n "__fish_kiosk_needs_command" -l log-format -d 'Log format on stderr' -r -f -a "text\t''
json\t''"
complete -c kiosk -n "__fish_kiosk_needs_command" -l no-demo -d 'Do not seed the demo catalogue on first start'
complete -c kiosk -n "__fish_kiosk_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kiosk -n "__fish_kiosk_needs_command" -s V -l version -d 'Print version'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "serve" -d 'Run the shop: the storefront, the API and the staff area (the default command)'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "setup" -d 'First-time setup: write config.toml, create the database and the first admin'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "backup" -d 'Write a consistent backup (database + uploaded files) to one file, while the shop runs'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "restore" -d 'Replace the shop\'s data with a backup, after verifying it. The server must be stopped'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "admin-menu" -d 'Import or export the staff menus of each admin role (a JSON file)'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "catalog" -d 'Import or export the product catalogue (JSON or CSV)'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "user" -d 'Manage staff accounts'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "check" -d 'Validate the configuration and the database; print versions and counts'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "activity" -d 'Archive old activity lines into a compressed file the viewer still reads'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "compact" -d 'Give the database file\'s free space back to the disk. The server must be stopped'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "doctor" -d 'Look over the installation (permissions, free disk, backups, migrations, notifications) and say what to do about each problem; exits non-zero on a problem'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "completions" -d 'Print a shell completion script, e.g. `kiosk completions bash > ~/.local/share/bash-completion/completions/kiosk`'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "man" -d 'Print the manual page (troff): `kiosk man | man -l -`'
complete -c kiosk -n "__fish_kiosk_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kiosk -n "__fish_kiosk_using_subcommand serve" -l listen -d 'Address to listen on, e.g. 0.0.0.0:8080 (default: 127.0.0.1:8080). Port 0 picks a free port' -r
complete -c kiosk -n "__fish_kiosk_using_subcommand serve" -l public-url -d 'Public address shoppers use, for canonical links and the sitemap (e.g. https://shop.example.com)' -r
complete -c kiosk -n "__fish_kiosk_using_subcommand serve" -l log-format -d 'Log format on stderr' -r -f -a "text\t''
json\t''"
complete -c kiosk -n "__fish_kiosk_using_subcommand serve" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand serve" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand serve" -l no-demo -d 'Do not seed the demo catalogue on first start'
complete -c kiosk -n "__fish_kiosk_using_subcommand serve" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand setup" -l listen -d 'Address to listen on (default 127.0.0.1:8080)' -r
complete -c kiosk -n "__fish_kiosk_using_subcommand setup" -l public-url -d 'The address shoppers use, e.g. https://shop.example.com' -r
complete -c kiosk -n "__fish_kiosk_using_subcommand setup" -l shop-name -d 'The shop\'s name' -r
complete -c kiosk -n "__fish_kiosk_using_subcommand setup" -l admin-user -d 'Username of the first admin' -r
complete -c kiosk -n "__fish_kiosk_using_subcommand setup" -l admin-password-file -d 'Read the first admin\'s password from this file\'s first line (else KIOSK_ADMIN_PASSWORD, else a prompt). There is deliberately no flag taking the password itself: it would show in `ps` and in shell history' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand setup" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand setup" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand setup" -l non-interactive -d 'Never ask: every value comes from flags (or defaults); fail if one is missing'
complete -c kiosk -n "__fish_kiosk_using_subcommand setup" -l no-demo -d 'Start with an empty catalogue instead of the demo furniture'
complete -c kiosk -n "__fish_kiosk_using_subcommand setup" -l force -d 'Rewrite an existing config file and add the admin to an existing database (never deletes data)'
complete -c kiosk -n "__fish_kiosk_using_subcommand setup" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand backup; and not __fish_seen_subcommand_from list help" -l keep -d 'Treat the target as a folder: write kiosk-YYYYMMDD-HHMMSS.tar there and keep only the newest N backups' -r
complete -c kiosk -n "__fish_kiosk_using_subcommand backup; and not __fish_seen_subcommand_from list help" -l to -d 'Copy a backup, encrypted, to the off-site destination NAME ([[backup.destinations]]), read it back, then apply the retention rules there' -r
complete -c kiosk -n "__fish_kiosk_using_subcommand backup; and not __fish_seen_subcommand_from list help" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand backup; and not __fish_seen_subcommand_from list help" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand backup; and not __fish_seen_subcommand_from list help" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand backup; and not __fish_seen_subcommand_from list help" -a "list" -d 'List the complete archives at the off-site destination NAME, newest first'
complete -c kiosk -n "__fish_kiosk_using_subcommand backup; and not __fish_seen_subcommand_from list help" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kiosk -n "__fish_kiosk_using_subcommand backup; and __fish_seen_subcommand_from list" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand backup; and __fish_seen_subcommand_from list" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand backup; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand backup; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the complete archives at the off-site destination NAME, newest first'
complete -c kiosk -n "__fish_kiosk_using_subcommand backup; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kiosk -n "__fish_kiosk_using_subcommand restore" -l from -d 'Download from the off-site destination NAME, check every part, decrypt, then restore' -r
complete -c kiosk -n "__fish_kiosk_using_subcommand restore" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand restore" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand restore" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and not __fish_seen_subcommand_from import export help" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and not __fish_seen_subcommand_from import export help" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and not __fish_seen_subcommand_from import export help" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and not __fish_seen_subcommand_from import export help" -f -a "import" -d 'Replace every role\'s staff menu with the file\'s, after checking the whole file'
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and not __fish_seen_subcommand_from import export help" -f -a "export" -d 'Write the current staff menus to FILE ("-" for standard output)'
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and not __fish_seen_subcommand_from import export help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and __fish_seen_subcommand_from import" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and __fish_seen_subcommand_from import" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and __fish_seen_subcommand_from import" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and __fish_seen_subcommand_from export" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and __fish_seen_subcommand_from export" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and __fish_seen_subcommand_from help" -f -a "import" -d 'Replace every role\'s staff menu with the file\'s, after checking the whole file'
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and __fish_seen_subcommand_from help" -f -a "export" -d 'Write the current staff menus to FILE ("-" for standard output)'
complete -c kiosk -n "__fish_kiosk_using_subcommand admin-menu; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and not __fish_seen_subcommand_from import export help" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and not __fish_seen_subcommand_from import export help" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and not __fish_seen_subcommand_from import export help" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and not __fish_seen_subcommand_from import export help" -f -a "import" -d 'Add or replace products from a JSON or CSV file, all or nothing'
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and not __fish_seen_subcommand_from import export help" -f -a "export" -d 'Write every product to FILE (.csv for CSV, otherwise JSON; "-" for JSON on stdout)'
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and not __fish_seen_subcommand_from import export help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and __fish_seen_subcommand_from import" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and __fish_seen_subcommand_from import" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and __fish_seen_subcommand_from import" -l apply -d 'Write a Shopify or WooCommerce file (without it, such a file is only previewed: every problem by line and every product it would create or change)'
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and __fish_seen_subcommand_from import" -l create-categories -d 'Create the categories a Shopify or WooCommerce file names that no category of the shop is titled (without it, each is a problem)'
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and __fish_seen_subcommand_from import" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and __fish_seen_subcommand_from export" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and __fish_seen_subcommand_from export" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and __fish_seen_subcommand_from help" -f -a "import" -d 'Add or replace products from a JSON or CSV file, all or nothing'
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and __fish_seen_subcommand_from help" -f -a "export" -d 'Write every product to FILE (.csv for CSV, otherwise JSON; "-" for JSON on stdout)'
complete -c kiosk -n "__fish_kiosk_using_subcommand catalog; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and not __fish_seen_subcommand_from add set-role reset-password list help" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and not __fish_seen_subcommand_from add set-role reset-password list help" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and not __fish_seen_subcommand_from add set-role reset-password list help" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and not __fish_seen_subcommand_from add set-role reset-password list help" -f -a "add" -d 'Create a local account (a staff account unless --role user)'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and not __fish_seen_subcommand_from add set-role reset-password list help" -f -a "set-role" -d 'Change an account\'s role; its existing sign-ins end'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and not __fish_seen_subcommand_from add set-role reset-password list help" -f -a "reset-password" -d 'Set a new password; every existing sign-in of the account ends'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and not __fish_seen_subcommand_from add set-role reset-password list help" -f -a "list" -d 'List accounts: id, username, role, sign-in provider, name'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and not __fish_seen_subcommand_from add set-role reset-password list help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from add" -l name -d 'Display name (default: the username)' -r
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from add" -l role -d '"admin", another role beginning with "admin", or "user"' -r
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from add" -l password-file -d 'Read the password from this file\'s first line (else KIOSK_USER_PASSWORD, else a prompt)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from add" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from add" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from set-role" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from set-role" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from set-role" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from reset-password" -l password-file -d 'Read the password from this file\'s first line (else KIOSK_USER_PASSWORD, else a prompt)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from reset-password" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from reset-password" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from reset-password" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from list" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from list" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from help" -f -a "add" -d 'Create a local account (a staff account unless --role user)'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from help" -f -a "set-role" -d 'Change an account\'s role; its existing sign-ins end'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from help" -f -a "reset-password" -d 'Set a new password; every existing sign-in of the account ends'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from help" -f -a "list" -d 'List accounts: id, username, role, sign-in provider, name'
complete -c kiosk -n "__fish_kiosk_using_subcommand user; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kiosk -n "__fish_kiosk_using_subcommand check" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand check" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand check" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand activity; and not __fish_seen_subcommand_from archive help" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand activity; and not __fish_seen_subcommand_from archive help" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand activity; and not __fish_seen_subcommand_from archive help" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand activity; and not __fish_seen_subcommand_from archive help" -f -a "archive" -d 'Move every activity line before the shop day DATE into files/activity/ (gzip), out of the database; the activity viewer reads archived lines back. Works while the shop runs'
complete -c kiosk -n "__fish_kiosk_using_subcommand activity; and not __fish_seen_subcommand_from archive help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kiosk -n "__fish_kiosk_using_subcommand activity; and __fish_seen_subcommand_from archive" -l before -d 'The first shop day (UTC+7) to keep in the database, YYYY-MM-DD; not after today' -r
complete -c kiosk -n "__fish_kiosk_using_subcommand activity; and __fish_seen_subcommand_from archive" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand activity; and __fish_seen_subcommand_from archive" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand activity; and __fish_seen_subcommand_from archive" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand activity; and __fish_seen_subcommand_from help" -f -a "archive" -d 'Move every activity line before the shop day DATE into files/activity/ (gzip), out of the database; the activity viewer reads archived lines back. Works while the shop runs'
complete -c kiosk -n "__fish_kiosk_using_subcommand activity; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kiosk -n "__fish_kiosk_using_subcommand compact" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand compact" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand compact" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand doctor" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand doctor" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand doctor" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand completions" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand completions" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand completions" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand man" -l config -d 'Config file to read (default: ./config.toml when it exists)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand man" -l data-dir -d 'Folder holding kiosk.redb and uploaded files (default: ./data)' -r -F
complete -c kiosk -n "__fish_kiosk_using_subcommand man" -s h -l help -d 'Print help'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "serve" -d 'Run the shop: the storefront, the API and the staff area (the default command)'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "setup" -d 'First-time setup: write config.toml, create the database and the first admin'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "backup" -d 'Write a consistent backup (database + uploaded files) to one file, while the shop runs'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "restore" -d 'Replace the shop\'s data with a backup, after verifying it. The server must be stopped'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "admin-menu" -d 'Import or export the staff menus of each admin role (a JSON file)'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "catalog" -d 'Import or export the product catalogue (JSON or CSV)'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "user" -d 'Manage staff accounts'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "check" -d 'Validate the configuration and the database; print versions and counts'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "activity" -d 'Archive old activity lines into a compressed file the viewer still reads'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "compact" -d 'Give the database file\'s free space back to the disk. The server must be stopped'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "doctor" -d 'Look over the installation (permissions, free disk, backups, migrations, notifications) and say what to do about each problem; exits non-zero on a problem'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "completions" -d 'Print a shell completion script, e.g. `kiosk completions bash > ~/.local/share/bash-completion/completions/kiosk`'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "man" -d 'Print the manual page (troff): `kiosk man | man -l -`'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and not __fish_seen_subcommand_from serve setup backup restore admin-menu catalog user check activity compact doctor completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and __fish_seen_subcommand_from backup" -f -a "list" -d 'List the complete archives at the off-site destination NAME, newest first'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and __fish_seen_subcommand_from admin-menu" -f -a "import" -d 'Replace every role\'s staff menu with the file\'s, after checking the whole file'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and __fish_seen_subcommand_from admin-menu" -f -a "export" -d 'Write the current staff menus to FILE ("-" for standard output)'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and __fish_seen_subcommand_from catalog" -f -a "import" -d 'Add or replace products from a JSON or CSV file, all or nothing'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and __fish_seen_subcommand_from catalog" -f -a "export" -d 'Write every product to FILE (.csv for CSV, otherwise JSON; "-" for JSON on stdout)'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and __fish_seen_subcommand_from user" -f -a "add" -d 'Create a local account (a staff account unless --role user)'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and __fish_seen_subcommand_from user" -f -a "set-role" -d 'Change an account\'s role; its existing sign-ins end'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and __fish_seen_subcommand_from user" -f -a "reset-password" -d 'Set a new password; every existing sign-in of the account ends'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and __fish_seen_subcommand_from user" -f -a "list" -d 'List accounts: id, username, role, sign-in provider, name'
complete -c kiosk -n "__fish_kiosk_using_subcommand help; and __fish_seen_subcommand_from activity" -f -a "archive" -d 'Move every activity line before the shop day DATE into files/activity/ (gzip), out of the database; the activity viewer reads archived lines back. Works while the shop runs'
