package io.github.timesortedid.compat.app;

import java.util.UUID;

import io.github.timesortedid.insert.InsertRepository;
import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.jpa.repository.JpaRepository;

public interface AttachmentRepository
		extends JpaRepository<Attachment, UUID>, InsertRepository<Attachment>, TimeRangeRepository<Attachment, UUID> {

}
