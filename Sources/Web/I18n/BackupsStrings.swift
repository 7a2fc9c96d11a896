// The backups' strings: each key with its English and Russian text side by side.
import Engine

extension StringTables {
    static let backups: StringTable = [
        "backup_title": .init(en: "Backups", ru: "Резервные копии"),
        "backup_text": .init(en: "FinMind backs up the whole database every day and before every import, restore and deletion. It keeps 7 daily, 4 weekly and 12 monthly copies in the backups folder beside the database.", ru: "FinMind копирует всю базу каждый день и перед каждым импортом, восстановлением и удалением. Хранятся 7 ежедневных, 4 еженедельных и 12 ежемесячных копий в папке backups рядом с базой."),
        "backup_empty": .init(en: "No backups yet: the first one is made today.", ru: "Копий пока нет: первая будет сделана сегодня."),
        "backup_unavailable": .init(en: "This database has no file, so there is nothing to back up.", ru: "У этой базы нет файла, копировать нечего."),
        "backup_download": .init(en: "Download", ru: "Скачать"),
        "backup_reason_daily": .init(en: "daily", ru: "ежедневная"),
        "backup_reason_manual": .init(en: "by hand", ru: "вручную"),
        "backup_reason_import": .init(en: "before an import", ru: "перед импортом"),
        "backup_reason_statement_import": .init(en: "before a statement import", ru: "перед импортом выписки"),
        "backup_reason_restore": .init(en: "before a restore", ru: "перед восстановлением"),
        "backup_reason_delete_all": .init(en: "before deleting everything", ru: "перед удалением всего"),
        "backup_reason_migration": .init(en: "before an upgrade", ru: "перед обновлением"),
        "backup_size": .init(en: "{value} {unit}", ru: "{value} {unit}"),
        "backup_unit_b": .init(en: "B", ru: "Б"),
        "backup_unit_kb": .init(en: "KB", ru: "КБ"),
        "backup_unit_mb": .init(en: "MB", ru: "МБ"),
        "backup_restore_title": .init(en: "Restore a backup", ru: "Восстановить копию"),
        "backup_restore_text": .init(en: "Everything is replaced by the backup's data. The current state is backed up first, so you can come back to it.", ru: "Все данные заменяются данными копии. Сначала сохраняется копия текущего состояния, к нему можно вернуться."),
        "backup_field_choice": .init(en: "Backup", ru: "Копия"),
        "backup_field_passcode": .init(en: "Household passcode", ru: "Код доступа семьи"),
        "backup_hint_passcode": .init(en: "A backup holds all your data, so it is given only after the passcode.", ru: "В копии все ваши данные, поэтому она выдаётся только после кода доступа."),
        "backup_download_text": .init(en: "A downloaded backup holds every table but the secrets: no passcode, no Advisor key or token, no sessions. Restoring one keeps this server's.", ru: "В скачанной копии все таблицы, кроме секретов: нет кода доступа, ключа и токена Советника, сеансов. При восстановлении остаются секреты этого сервера."),
        "backup_flash_passcode": .init(en: "Type the household passcode to download a backup.", ru: "Чтобы скачать копию, введите код доступа семьи."),
        "backup_field_confirm": .init(en: "Type RESTORE to confirm", ru: "Введите ВОССТАНОВИТЬ для подтверждения"),
        "backup_hint_confirm": .init(en: "Every device sees the restored data at once.", ru: "Все устройства сразу увидят восстановленные данные."),
        "backup_restore_button": .init(en: "Restore", ru: "Восстановить"),
        "backup_restore_refused": .init(en: "This backup failed its checks (damaged, or from a newer FinMind); nothing was changed.", ru: "Копия не прошла проверку (повреждена или из более новой версии FinMind); ничего не изменилось."),
        "backup_flash_restored": .init(en: "The backup was restored. The previous state is kept as a backup.", ru: "Копия восстановлена. Прежнее состояние сохранено в копии."),
    ]
}
